package threadring.kilim;

import threadring.core.ContractKit;

class KilimContractTest extends ContractKit {

    @Override
    protected String model() {
        return "kilim";
    }
}
