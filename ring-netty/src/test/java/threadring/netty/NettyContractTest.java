package threadring.netty;

import threadring.core.RingContract;

class NettyContractTest extends RingContract {

    @Override
    protected String model() {
        return "netty";
    }
}
