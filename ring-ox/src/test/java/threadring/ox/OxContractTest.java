package threadring.ox;

import threadring.core.ContractKit;

class OxContractTest extends ContractKit {

    @Override
    protected String model() {
        return "ox";
    }
}
