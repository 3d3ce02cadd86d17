package threadring.go;

import threadring.core.skynet.AbstractSkynet;

/**
 * Skynet in Go: a goroutine per task, in one of two forms: {@code skynet-channel}, the children
 * answering on a channel of their parent's (buffered to its branching, so no child waits for its
 * parent to read), as the original Skynet's Go program does; or {@code skynet-waitgroup}, the
 * parent waiting on a {@code sync.WaitGroup} and summing the answers its children left in a slice.
 * When the contract kit audits it, the program counts its goroutines and the audit takes its count.
 */
final class GoSkynet extends AbstractSkynet {

    private final GoProcess process;

    GoSkynet(String id, String form) {
        super(id);
        this.process = GoProcess.start(id, form);
    }

    @Override
    protected void start(int branching, int depth) {
        long[] answer = process.ask(branching + " " + depth + (auditing() ? " 1" : ""));
        if (auditing()) {
            if (answer.length != 4) {
                throw new IllegalStateException(id() + ": the Go program's audit answered " + answer.length
                        + " numbers, not 4 (sum, started, running, peak)");
            }
            countedElsewhere(answer[1], answer[2], answer[3]);
        }
        done(answer[0]);
    }

    @Override
    protected void stop() {
        process.close();
    }

    /** The program, for tests. */
    GoProcess process() {
        return process;
    }
}
