package threadring.floor;

import threadring.core.ContractKit;

class FloorContractTest extends ContractKit {

    @Override
    protected String model() {
        return "floor";
    }
}
