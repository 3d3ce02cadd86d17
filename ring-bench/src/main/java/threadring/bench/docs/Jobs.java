package threadring.bench.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import threadring.bench.answer.Glance;
import threadring.bench.data.Run;
import threadring.bench.report.Board;
import threadring.bench.report.Text;
import threadring.bench.report.WorkloadSection;
import threadring.core.Size;

/**
 * Which model for which job, one line a job, every number and id read from the answer's boards
 * (and the newest footprint run for memory): what leads, where virtual threads stand, what to
 * avoid; then what the runs do not cover.
 */
public final class Jobs {

    private Jobs() {}

    /** The lines: one per workload of the glance, the memory a waiting task holds, and the cores never tried. */
    public static List<Text> of(Run run, List<Glance.Line> lines, Optional<LiveMemory> memory) {
        List<Text> out = new ArrayList<>();
        for (Glance.Line l : lines) {
            out.add(job(l));
        }
        memory.ifPresent(m -> out.add(m.job()));
        int cpus = run.machine().onlineCpus().size();
        out.add(new Text().words("**More cores**: untested. Every run here had ").number(String.valueOf(cpus), cpus)
                .words(" cpus; a scheduler that wins on them may not on many (`--cpus` picks the cpus a run may use)."));
        return out;
    }

    static Text job(Glance.Line l) {
        Board b = l.board();
        List<Board.Entry> leaders = b.leaders();
        Board.Entry first = leaders.get(0);
        Text t = new Text().words("**" + l.section().job() + "** (" + l.section().workload().label());
        if (l.from() != null) { // one of several series of the workload: which, and its size
            t.words(", ").name(l.from()).words(": ").add(stepOf(l));
        }
        t.words("): ");
        if (leaders.size() > 1 && b.ties(leaders)) {
            t.words("any of ");
            for (int i = 0; i < leaders.size(); i++) {
                t.words(i == 0 ? "" : i == leaders.size() - 1 ? " or " : ", ").code(leaders.get(i).id());
            }
            t.words(" (").add(Glance.level(b, first)).words(")");
        } else {
            t.add(Glance.fastest(b));
        }
        boolean late = b.measure().equals(Board.LATENESS); // a latency: "later than", never a time it needs
        Optional<Board.Entry> virtual = b.of("virtual");
        if (virtual.isPresent() && leaders.contains(virtual.get())) {
            t.words("; virtual threads are among them (").code(virtual.get().id()).words(")");
        } else if (virtual.isPresent()) {
            t.words("; on virtual threads, ").code(virtual.get().id()).words(late ? " is " : " needs ")
                    .ratio(b.over(virtual.get(), first), first.bound())
                    .words(late ? " " + b.slower() + " " : " the " + b.measure() + " of ").code(first.id());
        }
        Board.Entry last = b.entries().get(b.entries().size() - 1);
        if (last.tier() > leaders.get(leaders.size() - 1).tier() && !leaders.contains(last)) {
            t.words("; the last, ").code(last.id()).words(late ? ", is " : ", needs ").ratio(b.over(last, first),
                    first.bound()).words(late ? " " + b.slower() + " the first" : " the first's " + b.measure());
        }
        return t.words(".");
    }

    @SuppressWarnings("unchecked") // a line's board is of its section's workload
    private static <S extends Size> Text stepOf(Glance.Line l) {
        return ((WorkloadSection<S>) l.section()).step((S) l.board().series().size());
    }
}
