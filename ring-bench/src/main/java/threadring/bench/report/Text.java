package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import threadring.bench.stats.Stats;

/**
 * A generated sentence or cell as the parts it is made of: words, which carry no number, and claims,
 * each a number read from the data with what it says. {@link #problems} finds what would make the
 * text false: a digit in the words (a number typed, not read), a ratio without its interval, a level
 * that a load bound stated without "at least", a tie whose ratios are not all ties.
 */
public final class Text {

    /** One part of a text. */
    public sealed interface Part permits Words, Claim {
        String text();
    }

    /** Words: no number may be among them. */
    public record Words(String text) implements Part {}

    /** A part read from the data. */
    public sealed interface Claim extends Part permits Number, RatioOf, Tie, Name {}

    /**
     * A number read from the data: its text, the value it was written from and, where the value is
     * a bound its load set (a server wrk could not push harder), that it is one.
     */
    public record Number(String text, double value, boolean bound) implements Claim {}

    /** A ratio with its interval ({@code atLeast}: a bound's ratio, a lower bound too). */
    public record RatioOf(String text, Stats.Ratio ratio, boolean atLeast) implements Claim {}

    /** A group said to tie: every ratio between two of them includes 1. */
    public record Tie(String text, List<Stats.Ratio> pairs) implements Claim {}

    /** A name the data holds: an id, a run id, a file, a machine, a JDK version; it may hold digits. */
    public record Name(String text) implements Claim {}

    private final List<Part> parts = new ArrayList<>();

    public static Text of(String words) {
        return new Text().words(words);
    }

    public Text words(String words) {
        if (!words.isEmpty()) {
            parts.add(new Words(words));
        }
        return this;
    }

    public Text add(Part p) {
        parts.add(p);
        return this;
    }

    /** Every part of {@code other} after this text's. */
    public Text add(Text other) {
        parts.addAll(other.parts);
        return this;
    }

    /** A number written by {@code format}. */
    public Text number(String text, double value) {
        return add(new Number(text, value, false));
    }

    /** A level its load bound: "at least" before it. */
    public Text bound(String text, double value, boolean bound) {
        return add(new Number((bound ? "at least " : "") + text, value, bound));
    }

    /** A ratio with its interval, "at least" before it where it is a bound's. */
    public Text ratio(Stats.Ratio r, boolean atLeast) {
        return add(new RatioOf((atLeast ? "at least " : "") + Format.ratio(r), r, atLeast));
    }

    /** An id or another name from the data, in code. */
    public Text code(String name) {
        return add(new Name(Format.code(name)));
    }

    public Text name(String name) {
        return add(new Name(name));
    }

    public List<Part> parts() {
        return List.copyOf(parts);
    }

    public boolean isEmpty() {
        return parts.isEmpty();
    }

    public String text() {
        StringBuilder s = new StringBuilder();
        parts.forEach(p -> s.append(p.text()));
        return s.toString();
    }

    @Override
    public String toString() {
        return text();
    }

    private static final Pattern DIGIT = Pattern.compile("\\d");

    /** What makes this text false or unchecked, one line each; empty where it is sound. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        for (Part p : parts) {
            if (p instanceof Words w && DIGIT.matcher(w.text()).find()) {
                out.add("a number not read from the data: \"" + w.text() + "\"");
            } else if (p instanceof Number n) {
                if (n.bound() && !n.text().startsWith("at least ")) {
                    out.add("a load-bound number without \"at least\": " + n.text());
                }
                if (!Double.isFinite(n.value())) {
                    out.add("a number with no value behind it: " + n.text());
                }
            } else if (p instanceof RatioOf r) {
                if (r.ratio().interval() == null) {
                    out.add("a ratio without its interval: " + r.text());
                } else if (!r.text().equals((r.atLeast() ? "at least " : "") + Format.ratio(r.ratio()))) {
                    out.add("a ratio written otherwise than its value: " + r.text() + " for " + Format.ratio(r.ratio()));
                }
            } else if (p instanceof Tie t) {
                t.pairs().stream().filter(x -> x.interval() == null || x.excludesOne()).findFirst()
                        .ifPresent(x -> out.add("a tie that is not one: " + Format.ratio(x) + " in \"" + t.text() + "\""));
            }
        }
        return out;
    }
}
