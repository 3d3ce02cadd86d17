package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.stream.Collectors;

/**
 * Two rows of one id (two runs, two JDKs) compared like with like: a level against a level, a
 * state against the same state, a share of JVMs against a share. "B is faster" only where a level
 * moved beyond both intervals; "B reaches the fast state more often" where a share moved (Fisher's
 * exact test), which is another claim than a speed-up and is said as one.
 */
public final class LikeWithLike {

    private LikeWithLike() {}

    /** What two rows say about one id, B against A. */
    public enum Verdict {
        FASTER("B faster"), SLOWER("B slower"), SAME("within noise"), SHARES("shares differ"),
        UNSTABLE("no verdict"), TOO_FEW("no verdict: fewer than 2 JVMs"),
        /** Separated intervals, but closer than two runs of the same code reproduce here. */
        FLOOR("within noise: under the re-run floor");

        public final String text;

        Verdict(String text) {
            this.text = text;
        }
    }

    /**
     * The confidence of the interval of B/A a verdict rests on: 99%. Judged on the committed
     * sweeps' same-code pairs (CompareFalsePositiveTest), at most 1% of rows are called faster or
     * slower where nothing changed.
     */
    public static final double CONFIDENCE = 0.99;

    /** A verdict and what the table says of it. */
    public record Judgement(Verdict verdict, String text) {}

    /**
     * B against A: levels against levels (separated where their 95% intervals share no value); where
     * a row has states, each state (or JVM apart) of B against A's of the same rank where both have
     * as many, else A's at the nearest level, level against level and share against share (how many
     * of each side's JVMs reached it: Fisher's exact test). A row whose forks did not settle, or
     * scattered in one state, gets no verdict. {@code nameA}, {@code nameB}: what the text calls
     * each side ("A", "JDK 21"); {@code number}: how a level is written.
     */
    public static Judgement judge(Stats.Summary a, Stats.Summary b, String nameA, String nameB,
            DoubleFunction<String> number) {
        return judge(a, b, nameA, nameB, number, 1);
    }

    /**
     * {@link #judge(Stats.Summary, Stats.Summary, String, String, DoubleFunction)}, where separated
     * levels less than {@code floor} apart (a ratio, 1 for none) are {@link Verdict#FLOOR}: the
     * smallest difference two runs of the same code reproduce, measured on the machine.
     */
    public static Judgement judge(Stats.Summary a, Stats.Summary b, String nameA, String nameB,
            DoubleFunction<String> number, double floor) {
        if (!(floor >= 1)) {
            throw new IllegalArgumentException("a re-run floor is a ratio of at least 1, not " + floor);
        }
        return new Sides(a, b, nameA, nameB, number, floor).judge();
    }

    private record Sides(Stats.Summary a, Stats.Summary b, String nameA, String nameB, DoubleFunction<String> number,
            double floor) {

        Judgement judge() {
            for (Object[] side : new Object[][] {{nameA, a}, {nameB, b}}) {
                Stats.Summary s = (Stats.Summary) side[1];
                Stats.Flag f = s.flag();
                if (f != null && f.cause() != Stats.Cause.STATES && !s.modal()) { // lone JVMs apart are matched below
                    return new Judgement(Verdict.UNSTABLE, Verdict.UNSTABLE.text + ": " + f.cause().label + " in "
                            + side[0]);
                }
            }
            if (!a.modal() && !b.modal()) {
                Stats.State sa = a.states().get(0);
                Stats.State sb = b.states().get(0);
                Verdict v = level(sa, sb);
                return new Judgement(v, word(v));
            }
            return states();
        }

        /** A verdict in words, B named as the caller names it ("JDK 25 faster"). */
        private String word(Verdict v) {
            if (v == Verdict.FLOOR) {
                return v.text + String.format(Locale.ROOT, " (%.0f%%)", (floor - 1) * 100);
            }
            return v.text.startsWith("B ") ? nameB + v.text.substring(1) : v.text;
        }

        /**
         * B's level against A's: B faster or slower where the {@link #CONFIDENCE} interval of B/A
         * (both sides' forks and run-to-run components) excludes 1 and the levels are at least
         * {@link #floor} apart; under the floor; within noise; or no verdict where a side has fewer
         * than two JVMs (one JVM is not agreement, nor a difference).
         */
        private Verdict level(Stats.State sa, Stats.State sb) {
            if (sa.forks() < 2 || sb.forks() < 2) {
                return Verdict.TOO_FEW;
            }
            Stats.Ratio r = Stats.ratio(sb, sa, CONFIDENCE);
            if (r.interval() == null || !r.excludesOne()) {
                return Verdict.SAME;
            }
            if (Math.abs(Math.log(sb.level() / sa.level())) < Math.log(floor)) {
                return Verdict.FLOOR;
            }
            return sb.level() < sa.level() ? Verdict.FASTER : Verdict.SLOWER;
        }

        /** ", B/A 0.95 [0.90-1.01]": the ratio and its interval at {@link #CONFIDENCE}, where both sides have one. */
        private String ratioText(Stats.State sa, Stats.State sb) {
            Stats.Ratio r = Stats.ratio(sb, sa, CONFIDENCE);
            return r.interval() == null ? "" : String.format(Locale.ROOT, ", %s/%s %.3f [%.3f-%.3f]", nameB, nameA,
                    r.value(), r.interval().low(), r.interval().high());
        }

        /** A run's states and its JVMs apart from them (each a group of one), in the order of their levels. */
        private static List<Stats.State> groups(Stats.Summary s) {
            List<Stats.State> groups = new ArrayList<>(s.states());
            s.apart().forEach(x -> groups.add(new Stats.State(List.of(x), x, null, s.forks(),
                    Proportions.wilson(1, s.forks()))));
            groups.sort(Comparator.comparingDouble(Stats.State::level));
            return groups;
        }

        /**
         * Group by group (states, and JVMs apart): {@link #matches}, their levels, and their shares of
         * JVMs. Groups matched to each other, directly or through a third, are one state of the id:
         * its share is theirs together, tested once (a JVM apart beside a state is not a state of its own).
         */
        private Judgement states() {
            Matching m = matches(a, b);
            Map<Stats.State, Integer> state = m.stateOf();
            List<String> said = new ArrayList<>();
            Verdict all = null;
            boolean mixed = false;
            boolean shares = false;
            boolean same = false;
            double power = Proportions.fisherPower(a.forks(), b.forks());
            boolean compareShares = power >= Proportions.POWER;
            Set<Integer> tested = new HashSet<>();
            for (Match x : m.pairs()) {
                Stats.State sa = x.a();
                Stats.State sb = x.b();
                Verdict v = level(sa, sb);
                int k = state.get(sa);
                int inA = m.jvms(k, true);
                int inB = m.jvms(k, false);
                String share = inA + " of " + sa.of() + " JVMs in " + nameA + ", " + inB + " of " + sb.of()
                        + " JVMs in " + nameB;
                if (compareShares && tested.add(k)) {
                    double p = Proportions.fisher(inA, sa.of() - inA, inB, sb.of() - inB);
                    if (p < 1 - Stats.CONFIDENCE) {
                        shares = true;
                        share += String.format(Locale.ROOT, ", p = %.2g", p);
                    }
                }
                said.add("at " + number.apply(sa.level()) + " and " + number.apply(sb.level()) + ": " + word(v)
                        + ratioText(sa, sb) + " (" + share + ")");
                same |= v == Verdict.SAME || v == Verdict.FLOOR;
                if (v == Verdict.FASTER || v == Verdict.SLOWER) {
                    mixed |= all != null && all != v;
                    all = v;
                }
            }
            m.onlyB().forEach(sb -> said.add("only in " + nameB + ": " + sb.jvms() + " at " + number.apply(sb.level())));
            m.onlyA().forEach(sa -> said.add("only in " + nameA + ": " + sa.jvms() + " at " + number.apply(sa.level())));
            if (!compareShares) {
                said.add(String.format(Locale.ROOT, "shares not compared: %d and %d JVMs give Fisher's test %.0f%% "
                        + "power to tell 1/3 from 2/3", a.forks(), b.forks(), 100 * power));
            }
            // a state (two JVMs or more) in one run only is a difference of states; a lone JVM is not
            boolean unmatched = m.onlyA().stream().anyMatch(g -> g.forks() >= 2)
                    || m.onlyB().stream().anyMatch(g -> g.forks() >= 2);
            Verdict v = mixed ? Verdict.UNSTABLE : all != null ? all : shares ? Verdict.SHARES
                    : unmatched ? Verdict.UNSTABLE : same ? Verdict.SAME : Verdict.TOO_FEW;
            return new Judgement(v, (v == Verdict.UNSTABLE ? "no verdict: states differ" : word(v)) + " ("
                    + String.join("; ", said) + ")");
        }
    }

    /** A's state and B's that are one state of the id in two runs. */
    public record Match(Stats.State a, Stats.State b) {}

    /** The matched states, and those only one side has. */
    public record Matching(List<Match> pairs, List<Stats.State> onlyA, List<Stats.State> onlyB) {

        /** Each matched group's state of the id: groups linked by pairs, directly or through others, share a number. */
        Map<Stats.State, Integer> stateOf() {
            Map<Stats.State, Integer> of = new IdentityHashMap<>();
            for (Match x : pairs) {
                of.putIfAbsent(x.a(), of.size());
                of.putIfAbsent(x.b(), of.size());
            }
            for (boolean changed = true; changed; ) { // until the two groups of every pair share the lower number
                changed = false;
                for (Match x : pairs) {
                    int low = Math.min(of.get(x.a()), of.get(x.b()));
                    changed |= of.put(x.a(), low) != low | of.put(x.b(), low) != low;
                }
            }
            return of;
        }

        /** How many of one side's JVMs are in state {@code k} of {@link #stateOf}. */
        int jvms(int k, boolean sideA) {
            Map<Stats.State, Integer> of = stateOf();
            return pairs.stream().map(x -> sideA ? x.a() : x.b())
                    .filter(g -> of.get(g) == k).collect(Collectors.toCollection(
                            () -> Collections.newSetFromMap(new IdentityHashMap<>())))
                    .stream().mapToInt(Stats.State::forks).sum();
        }
    }

    /**
     * Which states of two rows are the same state (states and JVMs apart alike, each a group): each
     * of B's with A's of the same rank where both have as many, else with A's at the nearest level
     * within {@link #MATCH} and every other of A's whose level lies in its interval (or it in theirs);
     * what is left is in one run only.
     */
    public static Matching matches(Stats.Summary a, Stats.Summary b) {
        List<Stats.State> ga = Sides.groups(a);
        List<Stats.State> gb = Sides.groups(b);
        boolean inOrder = ga.size() == gb.size();
        List<Match> pairs = new ArrayList<>();
        List<Stats.State> onlyB = new ArrayList<>();
        Set<Stats.State> matched = new HashSet<>();
        for (int i = 0; i < gb.size(); i++) {
            Stats.State sb = gb.get(i);
            Stats.State sa = inOrder ? ga.get(i) : ga.stream().min(Comparator.comparingDouble(
                    x -> Math.abs(Math.log(x.level() / sb.level())))).orElseThrow();
            if (!inOrder && Math.abs(Math.log(sa.level() / sb.level())) > Math.log(MATCH)) {
                onlyB.add(sb);
                continue;
            }
            matched.add(sa);
            pairs.add(new Match(sa, sb));
            if (!inOrder) { // a group of A inside B's interval (or B's inside A's) is the same state too
                for (Stats.State other : ga) {
                    if (other != sa && (inside(other, sb) || inside(sb, other))) {
                        matched.add(other);
                        pairs.add(new Match(other, sb));
                    }
                }
            }
        }
        return new Matching(pairs, ga.stream().filter(x -> !matched.contains(x)).toList(), onlyB);
    }

    private static boolean inside(Stats.State one, Stats.State within) {
        return within.interval() != null && within.interval().contains(one.level());
    }

    /** States of two runs further apart than this are different states, not one that moved. */
    public static final double MATCH = 1.30;
}
