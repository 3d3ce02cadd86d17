package threadring.netty;

import threadring.core.ContractKit;

class NettyContractTest extends ContractKit {

    @Override
    protected String model() {
        return "netty";
    }
}
