package threadring.zio;

import threadring.core.RingContract;

class ZioContractTest extends RingContract {

    @Override
    protected String model() {
        return "zio";
    }
}
