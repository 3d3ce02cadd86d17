package threadring.ox;

import threadring.core.RingContract;

class OxContractTest extends RingContract {

    @Override
    protected String model() {
        return "ox";
    }
}
