package threadring.go;

import org.junit.jupiter.api.BeforeEach;
import threadring.core.ContractKit;

/**
 * The contract kit against the Go rows. A machine without a Go toolchain skips it, saying why
 * ({@link GoHere}); CI requires Go ({@code -Dthreadring.requireGo=true}), so there a missing toolchain
 * fails rather than a kit that ran nothing passing.
 */
class GoContractTest extends ContractKit {

    @BeforeEach
    void aGoProgramRunsHere() {
        GoHere.orSkip();
    }

    @Override
    protected String model() {
        return "go";
    }
}
