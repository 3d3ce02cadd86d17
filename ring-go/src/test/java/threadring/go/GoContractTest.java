package threadring.go;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import threadring.core.ContractKit;

/**
 * The contract kit against the Go rows. A machine without a Go toolchain fails here rather than
 * skip: the README installs one, and a kit that quietly ran nothing would prove nothing.
 */
class GoContractTest extends ContractKit {

    @BeforeAll
    static void aGoProgramRunsHere() {
        assertTrue(GoProgram.whyNot().isEmpty(), () -> "the go rows cannot run here: " + GoProgram.whyNot().orElse(""));
    }

    @Override
    protected String model() {
        return "go";
    }
}
