package threadring.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import threadring.bench.data.Budget;
import threadring.bench.data.Configuration;
import threadring.bench.data.Env;
import threadring.bench.data.Presets;
import threadring.bench.data.Run;
import threadring.bench.data.Score;
import threadring.bench.data.Settings;

/** The report's head: the machine, the commit, what the run measured and how, and each configuration. */
final class Environment {

    private Environment() {}

    static void write(Run run, Doc doc) {
        Env.Machine m = run.machine();
        Settings s = run.settings();
        Settings.Scored scored = s.scored();
        doc.heading(2, "Environment");
        List<String> items = new ArrayList<>();
        Set<String> hosts = run.hosts();
        if (hosts.size() > 1) {
            items.add("hosts: " + hosts.size() + ", each its own configurations (labelled with its name), so that no "
                    + "interval or speed-up mixes two machines; compare hosts by their speed-ups over their own "
                    + "baseline rows, not by absolute times");
            run.configurations().stream().map(run::host).distinct().forEach(h -> items.add("host " + h.host() + ": "
                    + machine(h)));
        } else {
            items.add("machine: " + (m.hostname() != null ? m.hostname() + ", " : "") + machine(m));
        }
        if (run.shard() != null) {
            items.add("shard " + run.shard().index() + "/" + run.shard().count() + " of plan " + run.shard().plan() + ": "
                    + run.shard().items().size() + " of its " + run.shard().planItems() + " items ('merge' joins the "
                    + "shards)");
        }
        if (run.mergedFrom() != null) {
            items.add("merged from " + run.mergedFrom().stream().map(x -> x.runId() + (x.shard() == null ? ""
                    : " (shard " + x.shard().index() + "/" + x.shard().count() + ")") + " on " + x.host())
                    .collect(Collectors.joining(", ")) + (run.partial() == null || run.partial().isEmpty() ? ""
                            : "; **partial**: " + String.join(", ", run.partial())));
        }
        items.add("commit: " + (m.gitCommit() == null ? "unknown" : m.gitCommit())
                + (Boolean.TRUE.equals(m.gitDirty()) ? " (with uncommitted changes)" : ""));
        double minutes = run.minutes();
        items.add("started " + run.started() + ", " + (Double.isNaN(minutes) ? "not finished"
                : String.format(Locale.ROOT, "took %.1f minutes", minutes)));
        if (run.budget() != null) {
            items.add(budget(run.budget(), minutes));
        }
        List<String> workloads = new ArrayList<>();
        Sections.ALL.forEach(section -> workloads.addAll(section.environment(run)));
        items.add("workload: " + String.join("; ", workloads)
                + (scored.quick() ? " (**--quick**: a smoke run, not for quoting)" : ""));
        Settings.Selection selection = s.selection();
        items.add("ids: " + (selection.preset() != null ? selection.preset() + " (" + selection.includes().size()
                + " ids: the forms the docs' answer table names and the workloads' baselines; not pooled with "
                + "default sweeps)" : !selection.includes().isEmpty() ? "matching " + selection.includes().stream()
                .map(Format::code).collect(Collectors.joining(", ")) : selection.all() ? "every id (--all)"
                        : "each workload's default selection"));
        items.add("scored passes: " + scored(s) + (scored.longRun() ? " (**--long**: the reference run)" : ""));
        if (!scored.extraJvmArgs().isEmpty()) {
            items.add("JVM flags added to every fork (`--jvm-arg`): " + scored.extraJvmArgs().stream().map(Format::code)
                    .collect(Collectors.joining(" ")));
        }
        if (s.profilers().isEmpty()) {
            items.add("profiling pass: none");
        } else {
            Settings.Profiling p = s.profiling();
            items.add("profiling pass: " + String.join(", ", s.profilers()) + " in separate JVMs, "
                    + Format.passes(p.forks(), p.warmups(), p.iterations(), p.iterationMs()) + " per id; used for no score");
        }
        if (run.asyncProfiler() != null && !run.asyncProfiler().problems().isEmpty()) {
            items.add("async-profiler unavailable: " + run.asyncProfiler().problems());
        }
        doc.bullets(items);
        List<Doc.Row> rows = new ArrayList<>();
        for (Configuration c : run.configurations()) {
            // the collector, where the run recorded it: one cpu (taskset) or little memory picks Serial, else G1
            rows.add(new Doc.Row(List.of(Doc.Cell.of(c.label()), Doc.Cell.of(c.jvm().javaVersion() + " ("
                    + c.jvm().javaVendor() + ", " + c.jvm().vmName() + (c.jvm().collector() == null ? ""
                            : ", collector " + c.jvm().collector()) + ")"),
                    Doc.Cell.of(c.cpus() == null ? "unpinned" : "taskset -c " + c.cpus()),
                    Doc.Cell.number(String.valueOf(c.jvm().availableProcessors()), c.jvm().availableProcessors()),
                    Doc.Cell.of(flags(run, c.label()))), Map.of()));
        }
        doc.add(new Doc.Table("configurations", List.of(Format.text("configuration"), Format.text("JDK"),
                Format.text("cpus"), Format.number("availableProcessors"), Format.text("JVM flags of the JMH forks")),
                rows));
    }

    /**
     * "budget: 60 min, planned 52.3 (mandatory 41.0, from this host's run ...); granted: ...; not
     * granted: ...; at run time: 3 of 41 fifth forks skipped for time; took 51.8 minutes".
     */
    static String budget(Budget b, double minutes) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "budget: %d min, planned %.1f (its mandatory "
                + "part %.1f, estimated from %s)", b.minutes(), b.planned(), b.mandatory(), b.basis()));
        List<String> granted = b.parts().stream().filter(p -> !p.kind().mandatory && p.granted())
                .map(p -> p.kind().label).distinct().toList();
        s.append("; granted: ").append(granted.isEmpty() ? "none" : String.join(", ", granted));
        if (!b.notGranted().isEmpty()) {
            s.append("; **not granted**: ").append(String.join(", ", b.notGranted().stream().map(k -> k.label).toList()));
        }
        List<String> skipped = b.ran().stream().filter(r -> r.skipped() > 0).map(r -> r.skipped() + " of " + (r.ran()
                + r.skipped()) + " " + r.kind().label + " skipped for time").toList();
        if (!skipped.isEmpty()) {
            s.append("; at run time: ").append(String.join(", ", skipped));
        }
        if (!Double.isNaN(minutes)) {
            s.append(String.format(Locale.ROOT, "; %s", minutes <= b.minutes() ? "kept" : "**overran**"));
        }
        return s.toString();
    }

    /**
     * How the scored forks ran: "a pilot of 4 forks per id, then as many as its spread needs for
     * ±5% (Stein's first stage), at most 6, in rounds (seed 7); each fork warms up from evidence (...), then 3
     * measured iterations of 500 ms; no profiler, counters at each iteration's boundaries".
     */
    static String scored(Settings s) {
        Settings.Scored x = s.scored();
        int pilot = x.startForks();
        if (pilot >= x.maxForks() || x.settleMs() == null) {
            return Format.passes(pilot, x.warmups(), x.iterations(), x.iterationMs()) + " per id"
                    + (pilot < x.maxForks() ? ", forks added up to " + x.maxForks() + " for ±" + x.precision() + "%" : "")
                    + "; no profiler" + (x.counters() ? ", counters read at each iteration's boundaries" : "");
        }
        int iterations = x.iterations() != null ? x.iterations() : Presets.ITERATIONS;
        return "a pilot of " + pilot + " forks per id, then as many as its spread needs for ±" + x.precision()
                + "% (the first stage of Stein's procedure), at most " + x.maxForks() + ", in rounds (seed " + s.seed() + "); each "
                + "fork warms up from evidence (the first one " + Format.seconds(x.settleMs()) + ", later ones until the "
                + "forks so far settled, at least " + x.warmups() + " iterations), then measures " + iterations
                + " iterations of " + Format.seconds(x.iterationMs() != null ? x.iterationMs() : Presets.ITERATION_MS)
                + "; no profiler" + (x.counters() ? ", counters read at each iteration's boundaries" : "");
    }

    /** A machine in one line: cpu, cores, memory, OS and kernel. */
    static String machine(Env.Machine m) {
        return m.cpuModel() + ", online cpus " + m.onlineCpus() + (m.memoryBytes() == null ? ""
                : String.format(Locale.ROOT, ", %.1f GiB", m.memoryBytes() / (double) (1L << 30))) + ", " + m.os() + " "
                + m.kernel();
    }

    /** The JVM flags every JMH result of a configuration shares, then "+ per id" for the others. */
    private static String flags(Run run, String label) {
        List<Score.Passes> measured = run.measured(label).stream().flatMap(m -> m.passes().stream()).toList();
        if (measured.isEmpty()) {
            return "n/a";
        }
        Set<String> common = new LinkedHashSet<>(measured.get(0).jvmArgs());
        measured.forEach(m -> common.retainAll(m.jvmArgs()));
        Set<String> other = new LinkedHashSet<>();
        measured.forEach(m -> m.jvmArgs().stream().filter(a -> !common.contains(a)).forEach(other::add));
        String text = common.isEmpty() ? "(none)" : common.stream().map(Format::code).collect(Collectors.joining(" "));
        if (!other.isEmpty()) {
            text += "; some ids also: " + other.stream().map(Format::code).collect(Collectors.joining(" "));
        }
        return text;
    }
}
