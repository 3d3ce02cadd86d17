package threadring.zio;

import threadring.core.ContractKit;

class ZioContractTest extends ContractKit {

    @Override
    protected String model() {
        return "zio";
    }
}
