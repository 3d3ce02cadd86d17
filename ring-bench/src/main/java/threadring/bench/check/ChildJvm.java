package threadring.bench.check;

import java.util.ArrayList;
import java.util.List;
import threadring.bench.util.Processes;
import threadring.core.RingFactory;

/** A check JVM like this one, started with a variant's own flags: where {@code check} and the soak run what this JVM cannot. */
final class ChildJvm {

    private ChildJvm() {}

    /** {@code java <quiet flags> <f's flags> -cp <this class path> CheckCommand}; the caller adds the arguments. */
    static List<String> of(RingFactory f) {
        List<String> cmd = new ArrayList<>(List.of(Processes.java(System.getProperty("java.home"))));
        cmd.addAll(Processes.quietUnsafe(Runtime.version().feature()));
        cmd.addAll(f.jvmArgs());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "threadring.bench.check.CheckCommand"));
        return cmd;
    }
}
