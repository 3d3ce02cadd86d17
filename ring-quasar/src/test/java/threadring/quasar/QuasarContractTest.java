package threadring.quasar;

import threadring.core.ContractKit;

/**
 * The contract, in child JVMs started with {@link QuasarRings#JVM_ARGS} (the kit reads them from
 * the factories). That each ring tracks its scheduler's threads, so that "close() leaves no
 * thread alive" is about real threads, QuasarRun checks in {@link QuasarInstrumentationTest}'s JVM.
 */
class QuasarContractTest extends ContractKit {

    @Override
    protected String model() {
        return "quasar";
    }
}
