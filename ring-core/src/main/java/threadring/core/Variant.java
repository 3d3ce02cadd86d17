package threadring.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * An implementation described as data: its id, what it measures, how it opens each workload it
 * runs (one opener per workload it runs: its ring, rendezvous, fan-out, echo server, Skynet), and what it needs (JVM
 * flags, a JDK, an OS limit). Its {@link #open} checks the arguments and that
 * this JVM can run it before it builds anything. The flags declared here are the only copy: the
 * runner passes them to JMH's forks, {@code check} and the contract kit to child JVMs.
 */
public final class Variant implements RingFactory {

    /** Opens a variant's part in a workload for a size ({@link RingFactory#open}). */
    @FunctionalInterface
    public interface Opener<S extends Size, T extends AutoCloseable> {
        T open(String id, S size);
    }

    private final String id;
    private final String description;
    private final Map<String, String> systemProperties;
    private final List<String> otherJvmArgs;
    private final BooleanSupplier otherJvmArgsInEffect;
    private final int minimumJava;
    private final IntFunction<Optional<String>> limit;
    private final String floor;
    /** How this variant opens each workload it runs. */
    private final Map<Workload<?, ?>, Opener<?, ?>> openers;
    private final Set<Workload<?, ?>> defaultSweep;
    private final boolean oneThread;
    private final boolean onVirtualThreads;
    private final Map<Workload<?, ?>, String> knownIssues;
    private final Map<Workload<?, ?>, Integer> warmupMs;

    private Variant(Builder b) {
        warmupMs = Map.copyOf(b.warmupMs);
        knownIssues = Map.copyOf(b.knownIssues);
        oneThread = b.oneThread;
        onVirtualThreads = b.onVirtualThreads;
        defaultSweep = Set.copyOf(b.defaultSweep);
        openers = Map.copyOf(b.openers);
        floor = b.floor;
        id = b.id;
        description = b.description;
        systemProperties = Map.copyOf(b.systemProperties);
        otherJvmArgs = List.copyOf(b.otherJvmArgs);
        otherJvmArgsInEffect = b.otherJvmArgsInEffect;
        minimumJava = b.minimumJava;
        limit = b.limit;
    }

    /** A variant of {@code id} ({@code <model>/<variant>}, lowercase): its builder adds each workload it opens. */
    public static Builder of(String id, String description) {
        return new Builder(id, description);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public boolean runs(Workload<?, ?> workload) {
        return openers.containsKey(workload);
    }

    @Override
    public Optional<String> knownIssue(Workload<?, ?> workload) {
        return Optional.ofNullable(knownIssues.get(workload));
    }

    @Override
    public int warmupMs(Workload<?, ?> workload) {
        return warmupMs.getOrDefault(workload, 0);
    }

    @Override
    public boolean oneThread() {
        return oneThread;
    }

    @Override
    public boolean onVirtualThreads() {
        return onVirtualThreads;
    }

    @Override
    public boolean inDefaultSweep(Workload<?, ?> workload) {
        return runs(workload) && defaultSweep.contains(workload);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S extends Size, T extends AutoCloseable> T open(Workload<S, T> workload, S size) {
        Opener<S, T> o = (Opener<S, T>) openers.get(workload);
        if (o == null) {
            return RingFactory.super.open(workload, size);
        }
        unsupportedReason().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        return workload.type().cast(o.open(id, size));
    }

    /** The system properties as {@code -Dkey=value} (sorted), then the other flags. */
    @Override
    public List<String> jvmArgs() {
        List<String> args = new ArrayList<>();
        new TreeMap<>(systemProperties).forEach((k, v) -> args.add("-D" + k + "=" + v));
        args.addAll(otherJvmArgs);
        return args;
    }

    @Override
    public String floor() {
        return floor;
    }

    @Override
    public int minimumJavaVersion() {
        return minimumJava;
    }

    @Override
    public Optional<String> cannotOpen(int nodes) {
        return limit.apply(nodes);
    }

    @Override
    public Optional<String> unsupportedReason() {
        Optional<String> jdk = RingFactory.super.unsupportedReason();
        if (jdk.isPresent()) {
            return jdk;
        }
        boolean flags = systemProperties.entrySet().stream()
                .allMatch(p -> p.getValue().equals(System.getProperty(p.getKey())))
                && (otherJvmArgs.isEmpty() || otherJvmArgsInEffect.getAsBoolean());
        return flags ? Optional.empty() : Optional.of(id + " needs a JVM started with " + String.join(" ", jvmArgs()));
    }

    @Override
    public String toString() {
        return id;
    }

    /** What a variant needs besides its openers; everything is optional. */
    public static final class Builder {
        private final String id;
        private final String description;
        private Map<String, String> systemProperties = Map.of();
        private List<String> otherJvmArgs = List.of();
        private BooleanSupplier otherJvmArgsInEffect = () -> true;
        private int minimumJava = 17;
        private IntFunction<Optional<String>> limit = nodes -> Optional.empty();
        private String floor = LOOP_FLOOR;
        private final Map<Workload<?, ?>, Opener<?, ?>> openers = new LinkedHashMap<>();
        private Set<Workload<?, ?>> defaultSweep = Set.of();
        private boolean oneThread;
        private boolean onVirtualThreads;
        private final Map<Workload<?, ?>, String> knownIssues = new LinkedHashMap<>();
        private final Map<Workload<?, ?>, Integer> warmupMs = new LinkedHashMap<>();

        private Builder(String id, String description) {
            this.id = id;
            this.description = description;
        }

        /** System properties the variant needs from JVM start (e.g. a one-carrier scheduler). */
        public Builder systemProperties(Map<String, String> properties) {
            systemProperties = properties;
            return this;
        }

        /** Other JVM flags (e.g. {@code --add-opens}), and how this JVM tells that they are in effect. */
        public Builder jvmArgs(List<String> args, BooleanSupplier inEffect) {
            otherJvmArgs = args;
            otherJvmArgsInEffect = inEffect;
            return this;
        }

        /** The lowest Java feature release the variant runs correctly on (default 17). */
        public Builder minimumJava(int feature) {
            minimumJava = feature;
            return this;
        }

        /**
         * Why some number of nodes (a ring's) or tasks (a fan-out's) cannot exist at once here (an OS
         * limit), or empty.
         */
        public Builder limit(IntFunction<Optional<String>> why) {
            limit = why;
            return this;
        }

        /** The floor row nearest to this variant (default {@code floor/loop}); see {@link RingFactory#floor}. */
        public Builder floor(String id) {
            floor = id;
            return this;
        }

        /**
         * How the variant opens {@code workload}, for a size (a ring's shape, an echo server's
         * wait), on the same primitive and scheduler as its other workloads: what a new
         * workload's variants register.
         */
        public <S extends Size, T extends AutoCloseable> Builder opens(Workload<S, T> workload, Opener<S, T> opener) {
            openers.put(workload, opener);
            return this;
        }

        /** How the variant opens {@code workload}, which needs nothing of its size. */
        public <S extends Size, T extends AutoCloseable> Builder opens(Workload<S, T> workload, Function<String, T> opener) {
            return opens(workload, (id, size) -> opener.apply(id));
        }

        /** A known upstream hang or failure of this variant in a workload (see {@link RingFactory#knownIssue}). */
        public Builder knownIssue(Workload<?, ?> workload, String why) {
            if (why == null) {
                knownIssues.remove(workload);
            } else {
                knownIssues.put(workload, why);
            }
            return this;
        }

        /** The least warm-up of every scored fork in {@code workload} (see {@link RingFactory#warmupMs}). */
        public Builder warmsUp(Workload<?, ?> workload, int ms) {
            if (ms < 0) {
                throw new IllegalArgumentException(id + ": a warm-up of " + ms + " ms");
            }
            warmupMs.put(workload, ms);
            return this;
        }

        /** Whether one thread runs every node (see {@link RingFactory#oneThread}); default false. */
        public Builder oneThread(boolean one) {
            oneThread = one;
            return this;
        }

        /**
         * Whether the model's code runs on virtual threads (see {@link RingFactory#onVirtualThreads});
         * default false. Needs JDK 21: sets {@link #minimumJava} to at least 21.
         */
        public Builder onVirtualThreads(boolean virtual) {
            onVirtualThreads = virtual;
            if (virtual) {
                minimumJava = Math.max(minimumJava, 21);
            }
            return this;
        }

        /**
         * The workloads whose default sweep measures this variant: every model's fastest variant of
         * each workload, and those the README's claims rest on (default: none; {@code --all} and
         * {@code --include} run every variant).
         */
        public Builder inDefaultSweep(Workload<?, ?>... workloads) {
            defaultSweep = Set.of(workloads);
            return this;
        }

        public Variant build() {
            return new Variant(this);
        }
    }
}
