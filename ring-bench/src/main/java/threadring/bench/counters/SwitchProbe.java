package threadring.bench.counters;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.util.LinuxProc;
import threadring.bench.util.Rusage;

/**
 * Voluntary and involuntary context switches of the JVM's threads: getrusage(2) for this JVM (every
 * thread it had, ended ones included) plus its live child processes' threads (a Go row's program,
 * {@link ChildProcesses}), else the live threads' counts in /proc (a test's folder; a thread born
 * since the start counted from 0).
 */
public final class SwitchProbe implements Probe {

    @Override
    public Object read(Source source) {
        if (source.own()) {
            Optional<Rusage.Switches> r = Rusage.switches();
            if (r.isPresent()) {
                return new Own(r.get(), ChildProcesses.tasks());
            }
        }
        Map<String, LinuxProc.Task> tasks = source.proc().tasks();
        return tasks.isEmpty() ? null : tasks;
    }

    /** This JVM's switches (getrusage) and its live child processes' threads (a Go row's program). */
    record Own(Rusage.Switches jvm, Map<String, LinuxProc.Task> children) {}

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Double> between(Object start, Object end) {
        if (start instanceof Own a && end instanceof Own b) {
            return Map.of("voluntarySwitches", (double) (b.jvm().voluntary() - a.jvm().voluntary()
                    + ChildProcesses.voluntary(a.children(), b.children())), "involuntarySwitches",
                    (double) (b.jvm().involuntary() - a.jvm().involuntary()
                            + ChildProcesses.involuntary(a.children(), b.children())));
        }
        if (start instanceof Map<?, ?> && end instanceof Map<?, ?>) {
            Map<String, LinuxProc.Task> a = (Map<String, LinuxProc.Task>) start;
            Map<String, LinuxProc.Task> b = (Map<String, LinuxProc.Task>) end;
            long v = 0;
            long iv = 0;
            for (Map.Entry<String, LinuxProc.Task> t : b.entrySet()) {
                LinuxProc.Task before = a.get(t.getKey());
                v += t.getValue().voluntary() - (before == null ? 0 : before.voluntary());
                iv += t.getValue().involuntary() - (before == null ? 0 : before.involuntary());
            }
            return Map.of("voluntarySwitches", (double) v, "involuntarySwitches", (double) iv);
        }
        return Map.of();
    }

    @Override
    public List<Metric> metrics() {
        return List.of(Metric.sum("switches", "switches per 1,000 {step}s", List.of("voluntarySwitches",
                "involuntarySwitches"), Metric.Over.STEPS, 1000).noting("*switches*: voluntary and involuntary "
                        + "context switches of the JVM's threads (and a Go row's program's)")
                .absentSaying("switches (no /proc here)"));
    }
}
