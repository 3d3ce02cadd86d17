package threadring.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * A ring implementation described as data: its id, what it measures, how to open a ring, and
 * what it needs (JVM flags, a JDK, an OS limit). Its {@link #open} checks the arguments and that
 * this JVM can run it before it builds anything. The flags declared here are the only copy: the
 * runner passes them to JMH's forks, {@code check} and the contract kit to child JVMs.
 */
public final class Variant implements RingFactory {

    /** Builds a ring of an already checked shape. */
    @FunctionalInterface
    public interface Opener {
        Ring open(String id, Shape shape);
    }

    /** Builds a rendezvous. */
    @FunctionalInterface
    public interface RendezvousOpener {
        Rendezvous open(String id);
    }

    private final String id;
    private final String description;
    private final Opener opener;
    private final Map<String, String> systemProperties;
    private final List<String> otherJvmArgs;
    private final BooleanSupplier otherJvmArgsInEffect;
    private final int minimumJava;
    private final int defaultHops;
    private final IntFunction<Optional<String>> limit;
    private final String floor;
    private final RendezvousOpener rendezvous;
    private final int defaultValues;

    private Variant(Builder b) {
        rendezvous = b.rendezvous;
        defaultValues = b.defaultValues;
        floor = b.floor;
        id = b.id;
        description = b.description;
        opener = b.opener;
        systemProperties = Map.copyOf(b.systemProperties);
        otherJvmArgs = List.copyOf(b.otherJvmArgs);
        otherJvmArgsInEffect = b.otherJvmArgsInEffect;
        minimumJava = b.minimumJava;
        defaultHops = b.defaultHops;
        limit = b.limit;
    }

    /** {@code id} is {@code <model>/<variant>}, lowercase; {@code description} one line. */
    public static Builder of(String id, String description, Opener opener) {
        return new Builder(id, description, opener);
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
        return workload == Workload.RING || rendezvous != null;
    }

    @Override
    public Rendezvous openRendezvous() {
        if (rendezvous == null) {
            return RingFactory.super.openRendezvous();
        }
        requireSupported();
        return rendezvous.open(id);
    }

    @Override
    public int defaultValues() {
        return defaultValues;
    }

    private void requireSupported() {
        unsupportedReason().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
    }

    @Override
    public Ring open(Shape shape) {
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
    public int defaultHops() {
        return defaultHops;
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
        private int defaultHops = Rings.SWEEP_HOPS;
        private IntFunction<Optional<String>> limit = nodes -> Optional.empty();
        private String floor = LOOP_FLOOR;
        private RendezvousOpener rendezvous;
        private int defaultValues = Rendezvous.SWEEP_VALUES;

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

        /** Hops per pass in the default sweep (default {@link Rings#SWEEP_HOPS}); see {@link RingFactory#defaultHops}. */
        public Builder defaultHops(int hops) {
            defaultHops = hops;
            return this;
        }

        /** Why a ring of some number of nodes cannot be opened here (an OS limit), or empty. */
        public Builder limit(IntFunction<Optional<String>> why) {
            limit = why;
            return this;
        }

        /** The floor row nearest to this variant (default {@code floor/loop}); see {@link RingFactory#floor}. */
        public Builder floor(String id) {
            floor = id;
            return this;
        }

        /** The variant's rendezvous, on the same primitive and scheduler as its ring. */
        public Builder rendezvous(RendezvousOpener opener) {
            rendezvous = opener;
            return this;
        }

        /** Values per exchange in the default sweep (default {@link Rendezvous#SWEEP_VALUES}). */
        public Builder defaultValues(int values) {
            defaultValues = values;
            return this;
        }

        public Variant build() {
            return new Variant(this);
        }
    }
}
