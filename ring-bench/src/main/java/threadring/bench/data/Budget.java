package threadring.bench.data;

import java.util.List;

/**
 * A sweep planned to a time budget, as run.json keeps it: the minutes it was given, where its
 * estimates came from (this host's last sweep, or the settings alone), each part of the plan with
 * its estimate and whether it was granted, and what the optional parts came to while the sweep ran
 * (each part's forks, repetitions or profiles run, and those skipped because time ran short).
 *
 * @param minutes the budget
 * @param basis where the estimates came from, e.g. "this host's sweep 20261207-101500"
 * @param parts the plan, mandatory parts first, then the optional ones in the order they are granted
 * @param ran what each optional part came to (empty until the sweep ends)
 */
public record Budget(int minutes, String basis, List<Part> parts, List<Ran> ran) {

    /** The kinds of part a plan has: what every runner may estimate, optional ones in the order they are granted. */
    public enum Kind {
        /** Probes, calibrations, every row's first four forks, two echo repetitions, the report. */
        MANDATORY("mandatory", true),
        /** The forks a row whose JVMs split into states gets beyond its plan: a reserve kept first. */
        STATE_FORKS("state forks", false),
        /** The fifth fork of a row whose pilot's spread asks for it. */
        FIFTH_FORKS("fifth forks", false),
        /** The separate profiling pass of each workload's leaders and baseline (the answer's why cites them). */
        PROFILING("profiling pass", false),
        /** The third repetition of every echo server (and any its spread plans beyond it). */
        EXTRA_REPETITIONS("third echo repetitions", false);

        public final String label;
        public final boolean mandatory;

        Kind(String label, boolean mandatory) {
            this.label = label;
            this.mandatory = mandatory;
        }
    }

    /** One part of the plan: its kind, the workload it belongs to (null: the sweep's own), its estimate, whether granted. */
    public record Part(Kind kind, String workload, double minutes, boolean granted) {}

    /** What an optional part came to: how many it ran and how many it skipped for lack of time. */
    public record Ran(Kind kind, int ran, int skipped) {}

    /** The minutes the plan expects: its mandatory parts and the granted ones. */
    public double planned() {
        return parts.stream().filter(Part::granted).mapToDouble(Part::minutes).sum();
    }

    /** The minutes of its mandatory parts alone. */
    public double mandatory() {
        return parts.stream().filter(p -> p.kind().mandatory).mapToDouble(Part::minutes).sum();
    }

    /** Whether a kind of part was granted (every part of that kind is granted together). */
    public boolean granted(Kind kind) {
        return parts.stream().anyMatch(p -> p.kind() == kind && p.granted());
    }

    /** The optional kinds the plan has but did not grant. */
    public List<Kind> notGranted() {
        return parts.stream().filter(p -> !p.granted()).map(Part::kind).distinct().toList();
    }

    /** The same budget with what its optional parts came to. */
    public Budget withRan(List<Ran> outcome) {
        return new Budget(minutes, basis, parts, List.copyOf(outcome));
    }
}
