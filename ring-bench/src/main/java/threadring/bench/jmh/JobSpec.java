package threadring.bench.jmh;

import java.util.List;
import threadring.bench.data.Settings;
import threadring.core.Workload.Size;

/**
 * What a JMH child runs: {@code ids} in one series ({@code size}) of one configuration, at
 * {@code steps} steps per pass; null steps, for the ring and the rendezvous, mean each id's own,
 * calibrated in a JVM of its own so that a pass lasts about {@code scored.passMs()} (spending
 * {@code calibrationMs} on it). Null forks, warmups, iterations and iterationMs in {@code scored}
 * mean the benchmark's annotations. {@code timeoutMinutes}: how long an iteration may take before
 * its fork counts as hung. Paths are absolute; profiler files go under
 * {@code profileDir/<id>/<job>/} ({@code <job>} is the result file's name: one directory per
 * series, so that a second series' profile never reads the first one's recordings).
 */
public record JobSpec(String configuration, List<String> ids, Size.Timed size, Integer steps, Settings.Scored scored,
        int timeoutMinutes, List<String> profilers, Settings.Profiling profiling, String asyncLibrary, String runDir,
        String profileDir, String resultFile, int calibrationMs) {}
