package threadring.core;

import threadring.core.Workload.Size;
import java.util.ArrayList;
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
 * runs (one opener per workload: the ring, the rendezvous, the fan-out), and what it needs (JVM
 * flags, a JDK, an OS limit). Its {@link #open} checks the arguments and that
 * this JVM can run it before it builds anything. The flags declared here are the only copy: the
 * runner passes them to JMH's forks, {@code check} and the contract kit to child JVMs.
 */
public final class Variant implements RingFactory {

    /** Builds a ring of an already checked shape. */
    @FunctionalInterface
    public interface Opener {
        Ring open(String id, Size.Ring shape);
    }

    /** Builds a rendezvous. */
    @FunctionalInterface
    public interface RendezvousOpener {
        Rendezvous open(String id);
    }

    /** Builds a fan-out. */
    @FunctionalInterface
    public interface FanOutOpener {
        FanOut open(String id);
    }

    /** Builds an echo server, listening, that answers each request after {@code waitMs} ms (0: at once). */
    @FunctionalInterface
    public interface EchoOpener {
        EchoServer open(String id, int waitMs);
    }

    private final String id;
    private final String description;
    private final Opener opener;
    private final Map<String, String> systemProperties;
    private final List<String> otherJvmArgs;
    private final BooleanSupplier otherJvmArgsInEffect;
    private final int minimumJava;
    private final IntFunction<Optional<String>> limit;
    private final String floor;
    /** How this variant opens each workload other than the ring. */
    private final Map<Workload, Function<String, ? extends AutoCloseable>> openers;
    private final Set<Workload> defaultSweep;
    private final boolean oneThread;
    private final boolean onVirtualThreads;
    private final Map<Workload, String> knownIssues;
    private final EchoOpener echo;

    private Variant(Builder b) {
        echo = b.echo;
        knownIssues = Map.copyOf(b.knownIssues);
        oneThread = b.oneThread;
        onVirtualThreads = b.onVirtualThreads;
        defaultSweep = Set.copyOf(b.defaultSweep);
        openers = Map.copyOf(b.openers);
        floor = b.floor;
        id = b.id;
        description = b.description;
        opener = b.opener;
        systemProperties = Map.copyOf(b.systemProperties);
        otherJvmArgs = List.copyOf(b.otherJvmArgs);
        otherJvmArgsInEffect = b.otherJvmArgsInEffect;
        minimumJava = b.minimumJava;
        limit = b.limit;
    }

    /**
     * A variant that runs the ring (and what else its builder adds): {@code id} is
     * {@code <model>/<variant>}, lowercase; {@code description} one line.
     */
    public static Builder of(String id, String description, Opener opener) {
        return new Builder(id, description, opener);
    }

    /** A variant of the other workloads only (its builder adds them), e.g. a fan-out's timer. */
    public static Builder of(String id, String description) {
        return new Builder(id, description, null);
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
    public boolean runs(Workload workload) {
        return workload == Workload.RING ? opener != null : openers.containsKey(workload);
    }

    @Override
    public Optional<String> knownIssue(Workload workload) {
        return Optional.ofNullable(knownIssues.get(workload));
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
    public boolean inDefaultSweep(Workload workload) {
        return runs(workload) && defaultSweep.contains(workload);
    }

    @Override
    public <T extends AutoCloseable> T open(Workload.Opened<T> kind) {
        Function<String, ? extends AutoCloseable> o = openers.get(kind.workload());
        if (o == null) {
            return RingFactory.super.open(kind);
        }
        requireSupported();
        return kind.type().cast(o.apply(id));
    }

    @Override
    public EchoServer openEcho(int waitMs) {
        if (echo == null) {
            return RingFactory.super.openEcho(waitMs);
        }
        requireSupported();
        return echo.open(id, waitMs);
    }

    private void requireSupported() {
        unsupportedReason().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
    }

    @Override
    public Ring open(Size.Ring shape) {
        if (opener == null) {
            throw new UnsupportedOperationException(id + " has no ring");
        }
        requireSupported();
        cannotOpen(shape.nodes()).ifPresent(reason -> {
            throw new IllegalStateException(id + ": " + reason);
        });
        return opener.open(id, shape);
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

    /** What a variant needs besides its opener; everything is optional. */
    public static final class Builder {
        private final String id;
        private final String description;
        private final Opener opener;
        private Map<String, String> systemProperties = Map.of();
        private List<String> otherJvmArgs = List.of();
        private BooleanSupplier otherJvmArgsInEffect = () -> true;
        private int minimumJava = 17;
        private IntFunction<Optional<String>> limit = nodes -> Optional.empty();
        private String floor = LOOP_FLOOR;
        private final Map<Workload, Function<String, ? extends AutoCloseable>> openers = new java.util.EnumMap<>(
                Workload.class);
        private Set<Workload> defaultSweep = Set.of();
        private boolean oneThread;
        private boolean onVirtualThreads;
        private final Map<Workload, String> knownIssues = new java.util.EnumMap<>(Workload.class);
        private EchoOpener echo;

        private Builder(String id, String description, Opener opener) {
            this.id = id;
            this.description = description;
            this.opener = opener;
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
         * How the variant opens a workload other than the ring ({@code kind}), on the same
         * primitive and scheduler as its ring: what a new workload's variants register.
         */
        public <T extends AutoCloseable> Builder opens(Workload.Opened<T> kind, Function<String, T> opener) {
            openers.put(kind.workload(), opener);
            return this;
        }

        /** The variant's rendezvous, on the same primitive and scheduler as its ring. */
        public Builder rendezvous(RendezvousOpener opener) {
            return opens(Workload.Opened.RENDEZVOUS, opener::open);
        }

        /** The variant's fan-out: its tasks wait on its model's own timer, on the same scheduler. */
        public Builder fanOut(FanOutOpener opener) {
            return opens(Workload.Opened.FANOUT, opener::open);
        }

        /**
         * The variant's echo server: one entity of its model per connection, on the same scheduler,
         * waiting its model's way where a request is to wait.
         */
        public Builder echo(EchoOpener opener) {
            echo = opener;
            return opens(Workload.Opened.ECHO, id -> opener.open(id, 0));
        }

        /** A known upstream hang or failure of this variant in a workload (see {@link RingFactory#knownIssue}). */
        public Builder knownIssue(Workload workload, String why) {
            if (why == null) {
                knownIssues.remove(workload);
            } else {
                knownIssues.put(workload, why);
            }
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
        public Builder inDefaultSweep(Workload... workloads) {
            defaultSweep = Set.of(workloads);
            return this;
        }

        public Variant build() {
            return new Variant(this);
        }
    }
}
