package threadring.floor;

import threadring.core.RingContract;

class FloorContractTest extends RingContract {

    @Override
    protected String model() {
        return "floor";
    }
}
