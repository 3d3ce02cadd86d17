package threadring.vertx;

import threadring.core.ContractKit;

class VertxContractTest extends ContractKit {

    @Override
    protected String model() {
        return "vertx";
    }
}
