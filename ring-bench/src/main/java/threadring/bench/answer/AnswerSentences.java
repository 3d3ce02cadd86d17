package threadring.bench.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import threadring.bench.data.Configuration;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.stats.Stats;
import threadring.bench.report.Costs;
import threadring.bench.report.CrossCpu;
import threadring.bench.report.Format;
import threadring.bench.report.MainStateRatio;
import threadring.bench.report.Ratios;
import threadring.bench.report.Sections;
import threadring.bench.report.WorkloadSection;

/**
 * The answer in sentences, above its tables: per series, who leads, by how much over the next tier
 * and over the workload's baseline (each a ratio with its interval), and why in terms of what a step
 * does (a handoff on one thread, an OS thread parked and woken across cpus, both cpus busy); then
 * the run's conditions and what the ids' suffixes mean. Every number is the tables' own.
 */
final class AnswerSentences {

    /** What an id's suffix says of its scheduler. */
    static final String SUFFIXES = "Ids are `model/form`; a suffix names the scheduler: `-p1` one carrier or worker "
            + "thread (`-p2` two), `-loop` the library's own one-thread event loop, `-loom` the library on virtual "
            + "threads; none, the library's default on every cpu.";

    private AnswerSentences() {}

    /** The sentences of every ranking, the run's conditions and the suffixes. */
    static List<String> of(Ratios ratios, List<Ranking> rankings) {
        Run run = ratios.run();
        List<String> out = new ArrayList<>();
        for (Ranking r : rankings) {
            out.add(sentence(ratios, r));
        }
        out.add(conditions(run));
        out.add(SUFFIXES);
        return out;
    }

    /** "**Ring**: `a` leads at 66.5 ns/hop, 1.18x [1.07–1.30x] ahead of `b`; 195x [..] over `threads/park`. Why: ..." */
    static String sentence(Ratios ratios, Ranking r) {
        WorkloadSection<?> section = r.section();
        List<Ranking.Entry> entries = r.entries();
        int first = entries.stream().mapToInt(Ranking.Entry::tier).filter(t -> t > 0).min().orElse(0);
        List<Ranking.Entry> leaders = first == 0 ? List.of(entries.get(0))
                : entries.stream().filter(e -> e.tier() == first).toList();
        Ranking.Entry lead = leaders.get(0);
        Ranking.Entry last = leaders.get(leaders.size() - 1);
        String unit = section.unit().replace("ns/", "ns per ").replace("ms/", "ms per ");
        StringBuilder s = new StringBuilder("**" + capital(r.series().size().describe()) + "** (" + r.series().label()
                + "): ");
        Sections.answerFirst(r.series(), r.entries().stream().map(Ranking.Entry::form).toList())
                .ifPresent(opening -> s.append(opening).append(' '));
        if (leaders.size() == 1) {
            s.append(named(section, lead)).append(" leads at ").append(level(section, lead)).append(' ').append(unit);
        } else {
            double a = leaders.stream().mapToDouble(e -> e.level().median()).min().orElseThrow();
            double b = leaders.stream().mapToDouble(e -> e.level().median()).max().orElseThrow();
            s.append(String.join(", ", leaders.stream().map(e -> named(section, e)).toList()))
                    .append(" lead together (no ratio between them excludes 1) ")
                    .append(leaders.stream().anyMatch(Ranking.Entry::bound) ? "with at least " : "at ")
                    .append(section.served() ? section.number(b) + "–" + section.number(a)
                            : section.number(a) + "–" + section.number(b)).append(' ').append(unit);
        }
        Optional<Ranking.Entry> next = first == 0 ? Optional.empty()
                : entries.stream().filter(e -> e.tier() == first + 1).findFirst();
        Optional<Ranking.Entry> base = r.baseline().flatMap(b -> entries.stream()
                .filter(e -> e.form().id().equals(b.id())).findFirst());
        // the next tier's first being the baseline, its gap and its speed-up are one sentence, not two
        boolean nextIsBase = next.isPresent() && base.isPresent() && next.get() == base.get();
        next.ifPresent(n -> {
            Stats.Ratio gap = ratios.between(r.series(), n.form(), last.form());
            s.append("; the next, ").append(Format.code(n.form().id()));
            if (nextIsBase) {
                s.append(" (the baseline").append(unsettled(r.baseline().get().summary())).append(')');
            }
            s.append(", takes ").append(atLeast(last)).append(Format.ratio(gap)).append(" as long");
            if (nextIsBase && last != lead) {
                lead.overBaseline().ifPresent(b -> s.append(" as ").append(Format.code(last.form().id())).append(", ")
                        .append(atLeast(lead)).append(Format.ratio(b)).append(" as long as ")
                        .append(Format.code(lead.form().id())));
            }
        });
        if (r.baseline().isPresent() && !r.baseline().get().id().equals(lead.form().id()) && !nextIsBase) {
            String baseline = Format.code(r.baseline().get().id()) + " (the baseline" + unsettled(r.baseline().get()
                    .summary()) + ")";
            if (base.isPresent() && first > 0 && base.get().tier() == first) {
                s.append("; ").append(baseline).append(" is among them");
            } else {
                lead.overBaseline().ifPresent(b -> s.append("; ").append(atLeast(lead)).append(Format.ratio(b))
                        .append(b.interval() != null && !b.excludesOne() ? ", not apart from " : " faster than ")
                        .append(baseline));
            }
        }
        s.append('.');
        // a one-model lead that is Go has already given the next model's ratio to it
        beside(r, lead, leaders.size() == 1 && r.go().filter(g -> g == lead.form()).isPresent() ? next
                : Optional.empty())
                .ifPresent(b -> s.append(' ').append(b));
        r.baseline().filter(b -> !b.id().equals(lead.form().id()))
                .flatMap(b -> Sections.alsoMeasured(r.series(), lead.form(), b)).ifPresent(a -> s.append(' ').append(a));
        why(r, lead).ifPresent(w -> s.append(" Why: ").append(w).append('.'));
        return s.toString();
    }

    /** The model whose forms are set beside Go's in every series that has both: virtual threads. */
    static final String VIRTUAL = "virtual";

    /**
     * Where the series measured Go: how the fastest virtual-thread form and the leader compare with
     * Go's fastest form, each as a ratio of times with its interval ("Beside goroutines (`go/channel`):
     * `virtual/park-p1` takes 1.23x [1.10–1.37x] its time, `akka/typed-p1` 0.81x [0.77–0.85x]."); empty
     * where there is no Go row or it leads alone. {@code stated}: an entry whose ratio to Go the
     * sentence already gave (the next after Go's lead), left out here.
     */
    static Optional<String> beside(Ranking r, Ranking.Entry lead, Optional<Ranking.Entry> stated) {
        if (r.go().isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        r.entries().stream().filter(e -> e.model().equals(VIRTUAL)).findFirst()
                .filter(v -> stated.isEmpty() || v != stated.get()).ifPresent(v -> v.overGo()
                .ifPresent(x -> parts.add(Format.code(v.form().id()) + " takes " + Format.ratio(x) + " its time")));
        if (!lead.model().equals(VIRTUAL)) {
            lead.overGo().ifPresent(x -> parts.add(Format.code(lead.form().id()) + (parts.isEmpty() ? " takes " : " ")
                    + Format.ratio(x) + (parts.isEmpty() ? " its time" : "")));
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of("Beside goroutines (" + Format.code(r.go().get().id())
                + ", the same run): " + String.join(", ", parts) + ".");
    }

    /**
     * Why a flagged baseline still carries ratios: its flag and the main state they are taken on
     * (", *not settled*: 2 of 4 forks reached no steady state; ratios over its main state of 3 of
     * 4 JVMs"); nothing for a settled baseline.
     */
    static String unsettled(Stats.Summary baseline) {
        if (!baseline.isUnstable() || baseline.flag() == null) {
            return "";
        }
        String flag = ", *" + baseline.flag().cause().label + "*: " + baseline.flag().text();
        return flag + MainStateRatio.answerState(baseline).map(m -> "; ratios over its main state of " + m.forks() + " of "
                + m.of() + " JVMs").orElse("; its ratios have no interval (no state of three JVMs or more holds half of them)");
    }

    /** An id, with what the workload calls its model where that is not its prefix. */
    private static String named(WorkloadSection<?> section, Ranking.Entry e) {
        String label = section.modelLabel(e.form().id());
        return Format.code(e.form().id()) + (label.equals(e.model()) ? "" : " (" + label + ")");
    }

    /**
     * "at least " where a form's level is a bound its load set (a server wrk could not push
     * harder): its ratios over slower forms are then lower bounds too.
     */
    static String atLeast(Ranking.Entry e) {
        return e.bound() ? "at least " : "";
    }

    /** A level as the series states it, "at least" where the load bound it. */
    private static String level(WorkloadSection<?> section, Ranking.Entry e) {
        return (e.bound() ? "at least " : "") + section.number(e.level().median());
    }

    /**
     * What a step of the leader does against the baseline's (or the last model's), in mechanisms read
     * off the counters: no context switch and about one core busy is a handoff on one thread; a
     * switch or more per step is an OS thread parked and woken; more than 1.5 cores busy is both cpus.
     */
    static Optional<String> why(Ranking r, Ranking.Entry lead) {
        String step = r.section().costUnit();
        boolean handoff = r.section().perStep();
        Optional<String> leader = mechanism(lead.cost(), step, handoff);
        if (leader.isEmpty()) {
            return Optional.empty();
        }
        Optional<Ranking.Entry> other = r.baseline().flatMap(b -> r.entries().stream()
                .filter(e -> e.form().id().equals(b.id())).findFirst())
                .or(() -> Optional.of(r.entries().get(r.entries().size() - 1))).filter(e -> e != lead);
        String text = Format.code(lead.form().id()) + " " + leader.get();
        if (other.isPresent()) {
            Optional<String> theirs = mechanism(other.get().cost(), step, handoff);
            double cpu = other.get().cost().cpuNs() / lead.cost().cpuNs();
            if (theirs.isPresent()) {
                text += "; " + Format.code(other.get().form().id()) + " " + theirs.get()
                        + (Double.isFinite(cpu) ? String.format(Locale.ROOT, ", %s the CPU per %s", Format.times(cpu),
                                step) : "");
            }
        }
        return Optional.of(text);
    }

    private static Optional<String> mechanism(Costs.PerStep c, String step, boolean handoff) {
        if (!Double.isFinite(c.switches()) || !Double.isFinite(c.cores())) {
            return Optional.empty();
        }
        String cpus = c.cores() > 1.5 ? "keeps both cpus busy" : String.format(Locale.ROOT, "keeps %s cores busy",
                Format.amount(c.cores()));
        String switches = Format.amount(c.switches()) + " context switches per " + step;
        if (c.switches() >= 0.5) {
            return Optional.of("parks and wakes OS threads (" + switches + ") and " + cpus);
        }
        return Optional.of((handoff && c.cores() <= 1.3 ? "hands each " + step + " over in user space on one thread"
                : "switches no OS thread") + " (" + switches + ") and " + cpus);
    }

    /** The run's machine, JDKs, pinning, minutes, and how far its cross-CPU handoff moved. */
    static String conditions(Run run) {
        List<String> configs = new ArrayList<>();
        for (Configuration c : run.configurations()) {
            String text = "JDK " + c.jvm().javaVersion() + (c.cpus() == null ? " on every cpu, unpinned"
                    : " pinned to cpus " + c.cpus());
            List<Double> cross = CrossCpu.of(run, c.label(), Probe.CROSS_CPU).stream()
                    .map(p -> p.summary().median()).toList();
            if (cross.size() >= 2) {
                double lo = cross.stream().mapToDouble(x -> x).min().orElseThrow();
                double hi = cross.stream().mapToDouble(x -> x).max().orElseThrow();
                text += String.format(Locale.ROOT, "; its cross-cpu handoff read %s-%s ns (%s)%s", Format.ns(lo),
                        Format.ns(hi), Format.times(hi / lo), hi / lo > 1.3
                                ? ": the machine moved, and rows that hand off across cpus with it" : "");
            }
            configs.add(text);
        }
        return "Conditions: " + run.machine().cpuModel() + ", " + run.machine().onlineCpus().size() + " cpus; "
                + String.join("; ", configs) + (Double.isNaN(run.minutes()) ? "" : String.format(Locale.ROOT,
                        "; %.0f minutes", run.minutes())) + ".";
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
