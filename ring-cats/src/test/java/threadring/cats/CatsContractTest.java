package threadring.cats;

import threadring.core.ContractKit;

class CatsContractTest extends ContractKit {

    @Override
    protected String model() {
        return "cats";
    }
}
