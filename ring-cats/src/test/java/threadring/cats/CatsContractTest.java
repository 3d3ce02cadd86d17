package threadring.cats;

import threadring.core.RingContract;

class CatsContractTest extends RingContract {

    @Override
    protected String model() {
        return "cats";
    }
}
