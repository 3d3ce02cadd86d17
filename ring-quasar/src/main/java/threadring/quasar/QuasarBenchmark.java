package threadring.quasar;

import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import threadring.core.RingBenchmark;

/**
 * Quasar fibers, channels and actors (classes instrumented at build time, no agent). The fork
 * opens java.lang to Quasar; the flags must equal {@link QuasarRings#JVM_ARGS} (a test checks).
 */
@Fork(jvmArgsAppend = {"--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "-Dco.paralleluniverse.fibers.disableAgentWarning=true"})
public class QuasarBenchmark extends RingBenchmark {

    @Param({"quasar/fiber", "quasar/channel", "quasar/actor", "quasar/fiber-p2", "quasar/channel-p2", "quasar/actor-p2"})
    public String impl;

    @Override
    protected String impl() {
        return impl;
    }
}
