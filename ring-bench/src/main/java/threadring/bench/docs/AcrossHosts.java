package threadring.bench.docs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.answer.Glance;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.report.Board;
import threadring.bench.report.Format;
import threadring.bench.report.Text;
import threadring.bench.stats.Stats;

/**
 * How far the answer reaches: the newest pool of default sweeps of each host (cpu model) among the
 * committed runs, and for every pair of models the docs' answer puts in different tiers, what each
 * other host's pool says of the same two models (their fastest forms there, on the same measure):
 * the same order apart, the same order within the interval, or the other order. Ratios whose
 * interval on one host excludes the other host's ratio move with the host, not the model.
 */
public final class AcrossHosts {

    /** What another host's pool says of an ordering of the answer. */
    public enum Verdict {
        APART("holds, apart"), SAME("holds, not apart"), FLIPS("flips, not apart"), FLIPS_APART("flips, apart"),
        /** A model the other host's board has no tiered form of (no main state there): its ratio has no interval. */
        NO_TIER("no tier there"),
        /** The other host did not measure the model, or not on this measure. */
        ABSENT("not measured there");

        public final String label;

        Verdict(String label) {
            this.label = label;
        }

        /** Whether the other host does not contradict the ordering. */
        public boolean agrees() {
            return this == APART || this == SAME;
        }
    }

    /** A host's pool: its cpu model and its boards. */
    public record Host(String cpu, Pool pool, List<Board> boards) {}

    /** One cross-tier ordering of the answer, "slower after faster", and each other host's verdict and ratio. */
    public record Ordering(Board board, Board.Entry faster, Board.Entry slower, Stats.Ratio here,
            Map<String, Verdict> verdicts, Map<String, Stats.Ratio> there) {
        public boolean everywhere() {
            return verdicts.values().stream().allMatch(Verdict::agrees);
        }
    }

    /** Flipped orderings named on the first screen before the rest are counted. */
    static final int NAMED = 3;

    private final Host answer;
    private final List<Host> others;
    private final List<Ordering> orderings;

    private AcrossHosts(Host answer, List<Host> others) {
        this.answer = answer;
        this.others = others;
        this.orderings = orderings(answer, others);
    }

    /** The docs' pool ({@code answer}) beside the newest pool of every other cpu model among {@code committed}'s default sweeps. */
    public static AcrossHosts of(Path committed, Pool answer) throws IOException {
        List<Host> others = new ArrayList<>();
        String cpu = answer.run().machine().cpuModel();
        for (Map.Entry<String, Path> e : Sweeps.newestPerCpu(committed).entrySet()) {
            if (!e.getKey().equals(cpu)) {
                Pool p = Pool.of(committed, RunFile.read(e.getValue()));
                others.add(new Host(e.getKey(), p, Glance.boards(p)));
            }
        }
        return new AcrossHosts(new Host(cpu, answer, Glance.boards(answer)), others);
    }

    /** Every cross-tier ordering of the answer with the other hosts' verdicts. */
    public List<Ordering> orderings() {
        return orderings;
    }

    public List<Host> others() {
        return others;
    }

    private static List<Ordering> orderings(Host answer, List<Host> others) {
        List<Ordering> out = new ArrayList<>();
        for (Board b : answer.boards()) {
            for (Board.Entry faster : b.entries()) {
                for (Board.Entry slower : b.entries()) {
                    if (faster.tier() == 0 || slower.tier() <= faster.tier()) {
                        continue;
                    }
                    Map<String, Verdict> verdicts = new LinkedHashMap<>();
                    Map<String, Stats.Ratio> there = new LinkedHashMap<>();
                    for (Host h : others) {
                        Optional<Board> o = alike(h, b);
                        Optional<Stats.Ratio> r = o.flatMap(x -> ratio(x, slower.model(), faster.model()));
                        boolean measured = o.isPresent() && o.get().of(slower.model()).isPresent()
                                && o.get().of(faster.model()).isPresent();
                        verdicts.put(h.cpu(), r.map(AcrossHosts::verdict).orElse(measured ? Verdict.NO_TIER
                                : Verdict.ABSENT));
                        r.ifPresent(x -> there.put(h.cpu(), x));
                    }
                    out.add(new Ordering(b, faster, slower, b.over(slower, faster), verdicts, there));
                }
            }
        }
        return out;
    }

    /** The board of host {@code h} that measured what {@code b} measures: the same workload, size, configuration and measure. */
    static Optional<Board> alike(Host h, Board b) {
        return h.boards().stream().filter(o -> o.series().size().equals(b.series().size())
                && o.series().label().equals(b.series().label()) && o.unit().equals(b.unit())).findFirst();
    }

    /** Model {@code slower}'s fastest form over model {@code faster}'s on board {@code b}, where both have a tier. */
    static Optional<Stats.Ratio> ratio(Board b, String slower, String faster) {
        Optional<Board.Entry> s = b.of(slower).filter(e -> e.tier() > 0);
        Optional<Board.Entry> f = b.of(faster).filter(e -> e.tier() > 0);
        return s.isPresent() && f.isPresent() ? Optional.of(b.over(s.get(), f.get())) : Optional.empty();
    }

    static Verdict verdict(Stats.Ratio r) {
        boolean apart = r.excludesOne();
        return r.value() >= 1 ? (apart ? Verdict.APART : Verdict.SAME) : (apart ? Verdict.FLIPS_APART : Verdict.FLIPS);
    }

    /** Where the two hosts' ratios of one ordering lie outside each other's intervals: a size the host sets. */
    static boolean moves(Stats.Ratio here, Stats.Ratio there) {
        return here.interval() != null && there.interval() != null
                && (!here.interval().contains(there.value()) && !there.interval().contains(here.value()));
    }

    /**
     * The first screen's line: how many of the answer's orderings hold on every host measured, how
     * many flip, and the ordering whose size moves most with the host; empty with one host.
     */
    public Optional<Text> line(String link) {
        if (others.isEmpty()) {
            return Optional.empty();
        }
        List<Ordering> compared = compared();
        long hold = compared.stream().filter(Ordering::everywhere).count();
        List<Ordering> flipped = compared.stream().filter(o -> o.verdicts().containsValue(Verdict.FLIPS_APART)).toList();
        Text t = new Text().words("Across hosts: ").number(String.valueOf(hold), hold).words(" of ")
                .number(String.valueOf(compared.size()), compared.size()).words(" orderings of this answer hold on ")
                .words(others.size() == 1 ? "the other host measured (" : "every other host measured (")
                .name(String.join(", ", others.stream().map(Host::cpu).toList())).words("), ")
                .number(String.valueOf(orderings.size() - compared.size()), orderings.size() - compared.size())
                .words(" more were not measured there with a tier");
        if (!flipped.isEmpty()) {
            t.words("; beyond their interval there, ");
            int shown = Math.min(NAMED, flipped.size());
            for (int i = 0; i < shown; i++) {
                Ordering o = flipped.get(i);
                t.words(i == 0 ? "" : i == shown - 1 && shown == flipped.size() ? " and " : ", ").code(o.slower().id()).words(" led ")
                        .code(o.faster().id()).words(" (").name(o.board().series().workload().label()).words(")");
            }
            if (flipped.size() > shown) {
                t.words(" and ").number(String.valueOf(flipped.size() - shown), flipped.size() - shown).words(" more");
            }
        }
        mostMoved().ifPresent(o -> {
            String cpu = o.there().keySet().iterator().next();
            Stats.Ratio there = o.there().get(cpu);
            t.words(". Sizes move with the host: ").code(o.slower().id()).words(" over ")
                    .code(o.faster().id()).words(" (").name(o.board().series().workload().label()).words(") is ")
                    .ratio(o.here(), false).words(" here, ").ratio(there, false).words(" on the other");
        });
        return Optional.of(t.words(" → ").name("[orderings across hosts](" + link + ")"));
    }

    /** The orderings every other host judged: both models measured there, each with a tier. */
    public List<Ordering> compared() {
        return orderings.stream().filter(o -> o.verdicts().values().stream()
                .noneMatch(v -> v == Verdict.ABSENT || v == Verdict.NO_TIER)).toList();
    }

    /** The ordering whose ratio differs most between hosts, beyond both intervals. */
    Optional<Ordering> mostMoved() {
        return orderings.stream().filter(o -> !o.there().isEmpty()).filter(o -> moves(o.here(), o.there().values()
                .iterator().next())).max(Comparator.comparingDouble(o -> Math.abs(Math.log(o.here().value()
                        / o.there().values().iterator().next().value()))));
    }

    /** docs/hosts.md: the hosts' pools, then every ordering with each host's verdict and ratio. */
    public String markdown() {
        StringBuilder md = new StringBuilder("# The answer's orderings across hosts\n\n")
                .append("Written by `./benchmark.sh docs` from the committed default sweeps. The answer's pool: ")
                .append(describe(answer)).append(". Beside it, the newest pool of each other host: ")
                .append(String.join("; ", others.stream().map(AcrossHosts::describe).toList())).append(".\n\n")
                .append("Each row is a pair of models that the answer puts in different tiers (the slower's ratio over ")
                .append("the faster excludes 1 here), each by its fastest form; on another host, the same two models' ")
                .append("fastest forms there: *holds, apart* (the same order, its interval excludes 1), *holds, not ")
                .append("apart*, *flips, not apart* or *flips, apart*; *moves with the host*: each host's ratio lies ")
                .append("outside the other's interval. Every result here is from 2-cpu virtual machines; more cpus ")
                .append("are untested.\n\n");
        if (others.isEmpty()) {
            return md.append("No other host has committed default sweeps: nothing to compare yet.\n").toString();
        }
        List<Ordering> compared = compared();
        md.append(compared.stream().filter(Ordering::everywhere).count()).append(" of ").append(compared.size())
                .append(" orderings that every host measured with a tier hold on every host; ")
                .append(orderings.size() - compared.size()).append(" more were not (a model new since, or with no tier ")
                .append("there).\n\n");
        md.append("| workload | faster | slower | here [95%] |");
        others.forEach(h -> md.append(' ').append(h.cpu()).append(" [95%] | verdict |"));
        md.append("\n|---|---|---|---:|");
        others.forEach(h -> md.append("---:|---|"));
        md.append('\n');
        for (Ordering o : orderings) {
            md.append("| ").append(o.board().series().workload().label()).append(" | `").append(o.faster().id())
                    .append("` | `").append(o.slower().id()).append("` | ").append(Format.ratio(o.here())).append(" |");
            for (Host h : others) {
                Stats.Ratio there = o.there().get(h.cpu());
                Verdict v = o.verdicts().get(h.cpu());
                md.append(' ').append(there == null ? "n/a" : Format.ratio(there)).append(" | ").append(v.label)
                        .append(there != null && moves(o.here(), there) ? "; moves with the host" : "").append(" |");
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static String describe(Host h) {
        List<Run> runs = h.pool().runs();
        return h.cpu() + ", " + runs.size() + (runs.size() == 1 ? " sweep" : " sweeps") + " (" + String.join(", ",
                runs.stream().map(r -> "`" + r.runId() + "`").toList()) + ")";
    }
}
