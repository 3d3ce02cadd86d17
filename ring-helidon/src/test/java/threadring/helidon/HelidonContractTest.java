package threadring.helidon;

import threadring.core.ContractKit;

/** The kit on virtual/helidon: its ids are the virtual-thread model's, this module holds only them. */
class HelidonContractTest extends ContractKit {

    @Override
    protected String model() {
        return "virtual";
    }
}
