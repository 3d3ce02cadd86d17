package threadring.bench.echo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.Presets;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.plan.Plan;
import threadring.bench.plan.Progress;
import threadring.bench.plan.RunLog;
import threadring.bench.plan.Runner;
import threadring.bench.stats.Forks;
import threadring.core.RingFactory;
import threadring.core.Size;

/**
 * The echo servers of a sweep under wrk, from this process, in rounds as the JMH forks are: one
 * repetition (a fresh server JVM) of every id and connection count per round, in an order shuffled
 * per round; the first repetitions are the pilot, from which each id's count is planned as the
 * forks' are ({@link Forks#planned}: a lone repetition apart from the others gets the cap, so that
 * no state rests on one repetition). run.json gains every repetition as it ends. An id that cannot
 * hold the connections here (more OS threads than the kernel allows) gets that as its result.
 */
public final class EchoJobs implements Runner<Size.Served> {

    /** An echo job of one configuration: a plan narrowed to the ids this run measures there, and its size. */
    record Scheduled(Configuration configuration, Plan<Size.Served> plan) {
        Size.Served size() {
            return plan.size();
        }
    }

    /** One id of one job, and its repetitions so far. */
    private static final class Item {
        final Scheduled job;
        final RingFactory factory;
        final EchoLoad load;
        final List<EchoScore.EchoRepetition> reps = new ArrayList<>();
        String failure;
        String limit;
        Integer planned;

        Item(Scheduled job, RingFactory factory, EchoLoad load) {
            this.job = job;
            this.factory = factory;
            this.load = load;
        }

        Measured measured() {
            return limit != null ? Measured.limited(factory.id(), limit) : failure != null
                    ? Measured.failed(factory.id(), failure) : load.measured(factory.id(), reps);
        }
    }

    /**
     * A limit met in repetition {@code earlier + 1} after {@code earlier} held every connection: the
     * row has no level (a server that holds its connections only some of the time), and says so.
     */
    static String limitLater(int earlier, String why) {
        return "repetition " + (earlier + 1) + ": " + why + ", where " + (earlier == 1 ? "repetition 1" : "repetitions 1-" + earlier)
                + " held every connection (not every time: no level is quoted)";
    }

    private final Settings settings;
    private final Path jar;
    private final Optional<Path> wrk;
    private final long seed;
    private final List<Scheduled> jobs = new ArrayList<>();
    private RunLog log;
    private Progress progress;

    /** The runner kind of the echo server's load under wrk, for every {@code Size.Served} workload (META-INF/services). */
    public static final class Kind implements threadring.bench.plan.RunnerKind {
        @Override
        public Runner<?> runner(Settings settings, Path jar) {
            return new EchoJobs(settings, jar, settings.seed());
        }
    }

    /** With this machine's wrk ({@link Wrk#find}), if it has one. */
    public EchoJobs(Settings settings, Path jar, long seed) {
        this(settings, jar, Wrk.find(), seed);
    }

    /** {@code wrk}: the load generator, where this machine has one (else every plan is refused, with why). */
    public EchoJobs(Settings settings, Path jar, Optional<Path> wrk, long seed) {
        this.settings = settings;
        this.jar = jar;
        this.wrk = wrk;
        this.seed = seed;
    }

    @Override
    public Class<Size.Served> kind() {
        return Size.Served.class;
    }

    @Override
    public String benchmark(Plan<Size.Served> plan) {
        return EchoLoad.LOAD;
    }

    @Override
    public double estimate(Plan<Size.Served> plan) {
        return EchoLoad.Timing.of(settings.scored()).estimate();
    }

    @Override
    public boolean host() {
        return false;
    }

    /** No load generator, or too low a limit of open files for the plan's connections. */
    @Override
    public Optional<String> cannotRun(Plan<Size.Served> plan) {
        return EchoLoad.cannotLoad(plan.size().connections(), wrk, EchoLoad.openFilesLimit());
    }

    @Override
    public void schedule(Configuration c, Plan<Size.Served> plan) {
        jobs.add(new Scheduled(c, plan));
    }

    @Override
    public List<Job> run(Session session) throws IOException, InterruptedException {
        if (jobs.isEmpty()) {
            return List.of();
        }
        Path runDir = session.runDir();
        log = session.log();
        progress = session.progress();
        Path script = Wrk.script(runDir);
        EchoLoad.Timing timing = EchoLoad.Timing.of(settings.scored());
        int pilot = timing.repetitions();
        int cap = cap(pilot, settings.scored().maxForks());
        Map<Scheduled, List<Item>> byJob = new LinkedHashMap<>();
        for (Scheduled s : jobs) {
            Configuration c = s.configuration();
            EchoLoad load = new EchoLoad(jar.toString(), c, wrk.orElseThrow(), script,
                    Files.createDirectories(runDir.resolve(RunFile.JOBS).resolve(c.label())), timing, log::log,
                    java.util.stream.Stream.concat(settings.scored().extraJvmArgs().stream(), c.flags().stream()).toList());
            EchoLoad.Placement placement = EchoLoad.Placement.of(c.cpus());
            log.log("threadring: [" + c.label() + "] " + s.plan().ids() + " " + s.plan().describe() + " (wrk on cpus "
                    + placement.wrkCpus() + ", servers on " + placement.serverCpus() + ")");
            List<Item> items = new ArrayList<>();
            for (RingFactory f : s.plan().factories()) {
                Item item = new Item(s, f, load);
                item.limit = f.cannotOpen(s.size().connections()).orElse(null);
                items.add(item);
            }
            byJob.put(s, items);
            save(s, items, Job.Status.RUNNING);
        }
        Random random = new Random(seed ^ 0x5DEECE66DL);
        for (int round = 1; ; round++) {
            List<Item> due = new ArrayList<>(byJob.values().stream().flatMap(List::stream)
                    .filter(i -> i.limit == null && i.failure == null
                            && i.reps.size() < (i.planned != null ? i.planned : pilot)).toList());
            if (due.isEmpty()) {
                break;
            }
            Collections.shuffle(due, random);
            log.log("threadring: echo round " + round + ": " + due.size() + " repetition(s), in a shuffled order");
            progress.round(round, "echo round " + round, byJob.values().stream().flatMap(List::stream)
                    .mapToInt(i -> i.reps.size()).sum(), byJob.values().stream().mapToInt(List::size).sum());
            for (Item i : due) {
                try {
                    i.reps.add(i.load.repetition(i.factory, i.job.size(), i.reps.size() + 1));
                } catch (EchoLoad.TooSlow e) { // what this machine allows the row, in any repetition: not a failure
                    i.limit = i.reps.isEmpty() ? e.getMessage() : limitLater(i.reps.size(), e.getMessage());
                } catch (IllegalStateException e) {
                    i.failure = e.getMessage();
                }
                if (i.failure == null && i.planned == null && i.reps.size() >= pilot) {
                    i.planned = planned(i.reps, pilot, cap, settings.scored().precision() / 100.0);
                }
                save(i.job, byJob.get(i.job), Job.Status.RUNNING);
                List<Item> all = byJob.values().stream().flatMap(List::stream).toList();
                progress.repetitions(all.stream().mapToInt(x -> x.reps.size()).sum(), all.stream()
                        .mapToInt(x -> x.limit != null || x.failure != null ? x.reps.size()
                                : Math.max(x.reps.size(), x.planned != null ? x.planned : pilot)).sum());
                boolean done = i.failure != null || i.planned != null && i.reps.size() >= i.planned;
                if (done) {
                    progress.finished(Plan.key(i.job.configuration(), i.job.plan(), i.factory.id()), i.factory.id(),
                            estimate(i.job.plan()), i.job.size(), i.measured(), null);
                }
            }
        }
        List<Job> done = new ArrayList<>();
        for (Map.Entry<Scheduled, List<Item>> e : byJob.entrySet()) {
            e.getValue().stream().filter(i -> i.limit != null).forEach(i -> progress.finished(Plan.key(
                    e.getKey().configuration(), e.getKey().plan(), i.factory.id()), i.factory.id(),
                    estimate(e.getKey().plan()), e.getKey().size(), i.measured(), null));
            done.add(job(e.getKey(), e.getValue(), Job.Status.OK));
        }
        return done;
    }

    /** The most repetitions a row gets: the run's forks, within the echo cap, never fewer than the pilot. */
    static int cap(int pilot, int maxForks) {
        return Math.max(pilot, Math.min(maxForks, Presets.ECHO_MAX_REPETITIONS));
    }

    /**
     * The repetitions a row gets after its {@code pilot} (those in {@code reps}): the pilot alone where
     * the cap allows no more, else as many as Stein's rule plans for +-{@code precision} on the
     * time per request, up to {@code cap} (a repetition that answered nothing has no time).
     */
    static int planned(List<EchoScore.EchoRepetition> reps, int pilot, int cap, double precision) {
        return pilot == cap ? pilot : Forks.planned(reps.stream().filter(r -> r.requestsPerSecond() > 0)
                .map(r -> 1e9 / r.requestsPerSecond()).toList(), precision, cap);
    }

    private void save(Scheduled s, List<Item> items, Job.Status status) throws IOException {
        log.running(job(s, items, status));
    }

    private static Job job(Scheduled s, List<Item> items, Job.Status status) {
        return s.plan().job(EchoLoad.LOAD, s.configuration().label(), s.plan().ids(), status, null, null,
                items.stream().map(Item::measured).toList());
    }


}
