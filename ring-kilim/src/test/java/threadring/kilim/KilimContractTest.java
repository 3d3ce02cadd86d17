package threadring.kilim;

import threadring.core.RingContract;

class KilimContractTest extends RingContract {

    @Override
    protected String model() {
        return "kilim";
    }
}
