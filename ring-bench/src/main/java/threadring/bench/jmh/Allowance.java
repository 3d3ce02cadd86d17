package threadring.bench.jmh;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import threadring.bench.data.Budget;

/**
 * The JMH host's time against its budget: the optional forks of a round (a row in states first, then
 * fifth forks where the pilot spread widest) and the profiling pass are granted only while what
 * they take, with every mandatory fork still to run and what must follow the rounds, ends before
 * the deadline. What each optional part ran and skipped is counted for run.json.
 */
final class Allowance {

    /** An optional fork a round wants: its task, its kind, its pilot's spread (sd of log levels), its seconds. */
    record Candidate(String key, Budget.Kind kind, double spread, double seconds) {}

    private final HostSpec.Grants grants;
    private final LongSupplier clockMs;
    private final Map<Budget.Kind, int[]> counts = new EnumMap<>(Budget.Kind.class);

    Allowance(HostSpec.Grants grants, LongSupplier clockMs) {
        this.grants = grants == null ? HostSpec.Grants.ALL : grants;
        this.clockMs = clockMs;
    }

    HostSpec.Grants grants() {
        return grants;
    }

    /** Seconds left before the deadline beyond {@code owed} (what must still run); infinite without one. */
    double spare(double owed) {
        return grants.deadlineMs() == null ? Double.POSITIVE_INFINITY
                : (grants.deadlineMs() - clockMs.getAsLong()) / 1000.0 - owed;
    }

    /** Whether a kind of optional part may run at all. */
    boolean granted(Budget.Kind kind) {
        return switch (kind) {
            case STATE_FORKS -> grants.stateForks();
            case FIFTH_FORKS -> grants.fifthForks();
            case PROFILING -> grants.profiling();
            default -> true;
        };
    }

    /**
     * The keys of {@code wanted} that run, with {@code owed} seconds of mandatory work still ahead:
     * granted kinds only, state forks first, then the widest spreads, each while the sum fits. The
     * others are counted as skipped.
     */
    Set<String> grant(List<Candidate> wanted, double owed) {
        List<Candidate> order = new ArrayList<>(wanted);
        order.sort(Comparator.comparing((Candidate c) -> c.kind() != Budget.Kind.STATE_FORKS)
                .thenComparing(Comparator.comparingDouble(Candidate::spread).reversed()));
        double spare = spare(owed);
        Set<String> out = new LinkedHashSet<>();
        for (Candidate c : order) {
            if (granted(c.kind()) && c.seconds() <= spare) {
                spare -= c.seconds();
                out.add(c.key());
                ran(c.kind());
            } else {
                skipped(c.kind());
            }
        }
        return out;
    }

    /** Whether one more of a kind taking {@code seconds} fits, with {@code owed} still ahead; counted either way. */
    boolean fits(Budget.Kind kind, double seconds, double owed) {
        boolean ok = granted(kind) && seconds <= spare(owed);
        if (ok) {
            ran(kind);
        } else {
            skipped(kind);
        }
        return ok;
    }

    void ran(Budget.Kind kind) {
        counts.computeIfAbsent(kind, k -> new int[2])[0]++;
    }

    void skipped(Budget.Kind kind) {
        counts.computeIfAbsent(kind, k -> new int[2])[1]++;
    }

    /** What each optional kind ran and skipped. */
    List<Budget.Ran> outcome() {
        return counts.entrySet().stream().map(e -> new Budget.Ran(e.getKey(), e.getValue()[0], e.getValue()[1])).toList();
    }
}
