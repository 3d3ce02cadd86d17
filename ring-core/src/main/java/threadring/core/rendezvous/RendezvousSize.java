package threadring.core.rendezvous;

import java.util.Optional;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;

/** The two-party rendezvous: its size is its values per pass, a run's steps. */
public record RendezvousSize() implements Size.Timed {

    @Override
    public Workload<RendezvousSize, Rendezvous> workload() {
        return Rendezvous.WORKLOAD;
    }

    @Override
    public String describe() {
        return "rendezvous";
    }

    @Override
    public String describe(String steps) {
        return "rendezvous values=" + steps;
    }

    @Override
    public String arguments(int steps) {
        return "workload=rendezvous values=" + steps;
    }

    @Override
    public String file(String steps) {
        return "rendezvous-" + steps;
    }

    @Override
    public String benchmark() {
        return RendezvousBenchmark.class.getName() + ".exchange";
    }

    @Override
    public Optional<String> stepsParameter() {
        return Optional.of("values");
    }

    @Override
    public int population() {
        return 2;
    }

    @Override
    public Operation open(RingFactory f) {
        return Rendezvous.operation(f);
    }
}
