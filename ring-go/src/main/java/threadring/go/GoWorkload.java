package threadring.go;

import java.util.Collection;
import java.util.List;

/**
 * What the ring, the rendezvous and the fan-out in Go share: the program holding the workload's
 * goroutines, the closed state, one run at a time. No thread of this JVM takes part: the caller
 * waits for the program's answer, so {@link #threads()} is empty and closing ends the process.
 */
abstract class GoWorkload implements AutoCloseable {

    private final String id;
    private final String kind;
    private final GoProcess process;
    private boolean closed;

    GoWorkload(String id, String kind, String... args) {
        this.id = id;
        this.kind = kind;
        this.process = GoProcess.start(id, args);
    }

    /** The program's answer to {@code request}, for the run {@code what} (e.g. {@code pass(hops=7)}). */
    final synchronized long[] ask(String what, String request) {
        if (closed) {
            throw new IllegalStateException(id + ": " + what + " on a closed " + kind);
        }
        return process.ask(request);
    }

    final String id() {
        return id;
    }

    /** The program, for tests. */
    final GoProcess process() {
        return process;
    }

    /** No thread of this JVM: the goroutines live in the Go program. */
    public final Collection<Thread> threads() {
        return List.of();
    }

    @Override
    public final synchronized void close() {
        if (!closed) {
            closed = true;
            process.close();
        }
    }

    @Override
    public String toString() {
        return id + "[" + kind + (closed ? ", closed" : "") + "]";
    }
}
