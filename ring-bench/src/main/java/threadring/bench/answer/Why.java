package threadring.bench.answer;

import java.util.Optional;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.report.Board;
import threadring.bench.report.Carriers;
import threadring.bench.report.Costs;
import threadring.bench.report.CrossCpu;
import threadring.bench.report.Format;
import threadring.bench.report.Series;
import threadring.bench.report.Text;
import threadring.bench.report.WorkloadSection;
import threadring.core.Size;

/**
 * Why a workload's leader wins, in one clause of mechanism read off what a step cost: an OS thread
 * parked and woken a step against none (and, where the leader runs every task on one thread, what a
 * wake-up across cpus costs on this machine), tasks kept on the heap for the collector, or less CPU a
 * step. The leader is set against the workload's baseline, else virtual threads' fastest form, else
 * the last form; a section may say it in its workload's own terms ({@link WorkloadSection#why}).
 */
final class Why {

    /** A step with this many context switches or more parks and wakes an OS thread. */
    static final double PARKS = 0.5;
    /** A step with fewer switches than this wakes none. */
    static final double NONE = 0.1;
    /** The collector's share of the CPU from which it is what a form pays for. */
    static final double COLLECTOR = 0.2;
    /** Less CPU a step from which it is the reason, not noise in the counters. */
    static final double LESS_CPU = 1.5;

    private Why() {}

    /** The form the leader is set against: the baseline where it is behind the leaders, else virtual threads', else the last. */
    static Optional<Board.Entry> other(Board board, WorkloadSection<?> section) {
        Optional<Board.Entry> base = section.workloadUnit().baseline().flatMap(board::entry);
        Optional<Board.Entry> virtual = board.of(Rankings.VIRTUAL);
        return base.or(() -> virtual).or(() -> Optional.of(board.entries().get(board.entries().size() - 1)))
                .filter(e -> !board.leaders().contains(e));
    }

    /** The clause, or empty where the counters say nothing (an old run, a form not counted). */
    static <S extends Size> Optional<Text> of(Run run, Board board, WorkloadSection<S> section) {
        Board.Entry lead = board.leaders().get(0);
        Optional<Board.Entry> other = other(board, section);
        @SuppressWarnings("unchecked") // a board's series is its section's workload's
        Series<S> series = (Series<S>) board.series();
        Optional<Text> own = other.flatMap(o -> section.why(run, series, board, lead, o));
        if (own.isPresent()) {
            return own;
        }
        Optional<Board.Entry> baseline = section.workloadUnit().baseline().flatMap(board::entry);
        if (baseline.isPresent() && board.leaders().contains(baseline.get())) {
            return Optional.of(new Text().words("no model wins on this measure: the baseline ").code(baseline.get().id())
                    .words(" is among the first"));
        }
        return other.flatMap(o -> generic(run, board, section.costUnit(), lead, o));
    }

    private static Optional<Text> generic(Run run, Board board, String step, Board.Entry lead, Board.Entry other) {
        Costs.PerStep l = lead.cost();
        Costs.PerStep o = other.cost();
        double cpu = o.cpuNs() / l.cpuNs();
        if (o.switches() >= PARKS && l.switches() < NONE) {
            Text t = new Text();
            boolean oneThread = Carriers.of(lead.id(), board.series().config()).equals("one thread");
            t.words(oneThread ? "one thread runs every task, so no " + step + " wakes an OS thread ("
                    : "hand-offs stay in user space, no " + step + " wakes an OS thread (").code(lead.id())
                    .words(" ").number(Format.amount(l.switches()), l.switches()).words(" switches " + Format.a(step)
                            + "); ").code(other.id()).words(" parks and wakes one (")
                    .number(Format.amount(o.switches()), o.switches()).words(" switches " + Format.a(step));
            if (Double.isFinite(cpu)) {
                t.words(", ").number(Format.times(cpu), cpu).words(" the CPU");
            }
            t.words(")");
            crossCpu(run, board).filter(x -> oneThread).ifPresent(x -> t.words("; a hand-off between two cpus alone costs ")
                    .number(Format.ns(x), x).words(" ns here (the cross-cpu probe)"));
            return Optional.of(t);
        }
        if (o.gcShare() >= COLLECTOR && !(l.gcShare() * 2 > o.gcShare())) {
            Text t = new Text().words("the collector: ").code(other.id()).words(" spends ")
                    .number(Format.pct(1 + o.gcShare()), o.gcShare() * 100).words(" of its CPU in it");
            if (Double.isFinite(o.bytes())) {
                t.words(", allocating ").number(Format.bytes(o.bytes()), o.bytes()).words(" B " + Format.a(step));
            }
            t.words("; ").code(lead.id()).words(" ").number(Format.pct(1 + l.gcShare()), l.gcShare() * 100);
            if (Double.isFinite(l.bytes())) {
                t.words(", ").number(Format.bytes(l.bytes()), l.bytes()).words(" B");
            }
            return Optional.of(t);
        }
        if (cpu >= LESS_CPU) {
            return Optional.of(new Text().code(lead.id()).words(" does less work " + Format.a(step) + ": ")
                    .number(Format.ns(l.cpuNs()), l.cpuNs()).words(" CPU ns against ").code(other.id())
                    .words("'s ").number(Format.ns(o.cpuNs()), o.cpuNs()).words(" ns (").number(Format.times(cpu), cpu)
                    .words(")"));
        }
        return Optional.empty();
    }

    /** The machine's cross-cpu hand-off over the run, in the board's configuration. */
    static Optional<Double> crossCpu(Run run, Board board) {
        return CrossCpu.pooled(run, board.series().label(), Probe.CROSS_CPU).map(s -> s.median());
    }
}
