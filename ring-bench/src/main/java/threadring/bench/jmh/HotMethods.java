package threadring.bench.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;
import threadring.bench.data.Profile.HotMethod;

/**
 * The methods on top of the stack in JFR's execution samples ({@code jdk.ExecutionSample}: threads
 * running Java code, virtual threads included), read with the JDK's typed recording API.
 */
final class HotMethods {

    /** How many the report shows per id. */
    static final int SHOWN = 3;

    private final Map<String, Long> counts;
    private final long samples;
    private final long pinned;

    private HotMethods(Map<String, Long> counts, long samples, long pinned) {
        this.counts = counts;
        this.samples = samples;
        this.pinned = pinned;
    }

    static HotMethods read(List<Path> recordings) throws IOException {
        Map<String, Long> counts = new HashMap<>();
        long samples = 0;
        long pinned = 0;
        for (Path recording : recordings) {
            try (RecordingFile file = new RecordingFile(recording)) {
                while (file.hasMoreEvents()) {
                    RecordedEvent e = file.readEvent();
                    if (e.getEventType().getName().equals("jdk.VirtualThreadPinned")) {
                        pinned++;
                        continue;
                    }
                    if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null
                            || e.getStackTrace().getFrames().isEmpty()) {
                        continue;
                    }
                    RecordedFrame top = e.getStackTrace().getFrames().get(0);
                    RecordedMethod m = top.getMethod();
                    counts.merge(m.getType().getName() + "." + m.getName(), 1L, Long::sum);
                    samples++;
                }
            }
        }
        return new HotMethods(counts, samples, pinned);
    }

    long samples() {
        return samples;
    }

    /** JFR's jdk.VirtualThreadPinned events: a virtual thread pinned to its carrier past JFR's threshold. */
    long pinned() {
        return pinned;
    }

    /** The {@code n} most sampled top frames, with their share of all samples in percent. */
    List<HotMethod> top(int n) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(n)
                .map(e -> new HotMethod(e.getKey(), 100.0 * e.getValue() / samples))
                .toList();
    }
}
