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
import java.util.stream.Stream;
import threadring.bench.data.Budget;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.Presets;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.plan.BudgetPlan;
import threadring.bench.plan.History;
import threadring.bench.plan.Plan;
import threadring.bench.plan.Progress;
import threadring.bench.plan.RunLog;
import threadring.bench.plan.Runner;
import threadring.bench.plan.RunnerKind;
import threadring.bench.stats.Forks;
import threadring.bench.stats.Numbers;
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
        /** No repetition more: the budget skipped one. */
        boolean closed;
        /** Each repetition's wall seconds. */
        final List<Double> seconds = new ArrayList<>();

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
    public static final class Kind implements RunnerKind {
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
    public String progress() {
        return PHASE;
    }

    /** The progress line's name for its repetitions. */
    static final String PHASE = "echo servers";

    /** What a repetition costs beyond the seconds it records: the server JVM's start and close, wrk's (5.4-5.9 s here). */
    static final double UNRECORDED_S = 6;
    /** The repetitions every server gets whatever the budget; the rest are granted by it. */
    static final int MANDATORY_REPETITIONS = 2;

    /**
     * Each server's first two repetitions (mandatory) and the rest of its pilot (optional), at what a
     * repetition of the id took in this host's last run where it has them, else the settings' estimate.
     */
    @Override
    public List<BudgetPlan.Cost> costs(Plan<Size.Served> plan, Optional<History> history) {
        EchoLoad.Timing timing = EchoLoad.Timing.of(settings.scored());
        double fallback = timing.estimate() / timing.repetitions();
        double mandatory = 0;
        double extra = 0;
        for (String id : plan.ids()) {
            double rep = history.flatMap(h -> repetitionSeconds(h.run(), id)).orElse(fallback);
            mandatory += Math.min(MANDATORY_REPETITIONS, timing.repetitions()) * rep;
            extra += Math.max(0, timing.repetitions() - MANDATORY_REPETITIONS) * rep;
        }
        String w = plan.workload().label();
        return List.of(new BudgetPlan.Cost(Budget.Kind.MANDATORY, w, mandatory),
                new BudgetPlan.Cost(Budget.Kind.EXTRA_REPETITIONS, w, extra));
    }

    /** The median seconds of {@code id}'s repetitions in {@code run}: what each recorded, and what it did not. */
    static Optional<Double> repetitionSeconds(Run run, String id) {
        List<Double> seconds = run.jobs().stream().flatMap(j -> j.results().stream()).filter(m -> m.id().equals(id))
                .flatMap(m -> m.score(EchoScore.class).stream()).flatMap(e -> e.repetitions().stream())
                .map(r -> r.warmupSeconds() + r.seconds() + (r.held() == null ? 0 : r.held().seconds())
                        + (r.ladder() == null ? 0 : (r.ladder().held() == null ? 0 : r.ladder().held().seconds())
                                + r.ladder().rungs().stream().mapToDouble(EchoScore.Rung::wallSeconds).sum())
                        + UNRECORDED_S).toList();
        return seconds.isEmpty() ? Optional.empty()
                : Optional.of(Numbers.median(seconds.stream().mapToDouble(Double::doubleValue)));
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
        Map<Scheduled, List<Item>> byJob = items(runDir, script, timing);
        int[] extra = rounds(session, byJob, pilot, cap);
        if (session.budget() != null) {
            log.ran(List.of(new Budget.Ran(Budget.Kind.EXTRA_REPETITIONS, extra[0], extra[1])));
        }
        List<Job> done = new ArrayList<>();
        for (Map.Entry<Scheduled, List<Item>> e : byJob.entrySet()) {
            e.getValue().stream().filter(i -> i.limit != null || i.closed).forEach(i -> progress.finished(Plan.key(
                    e.getKey().configuration(), e.getKey().plan(), i.factory.id()), i.factory.id(),
                    estimate(e.getKey().plan()), e.getKey().size(), i.measured(), null));
            done.add(job(e.getKey(), e.getValue(), Job.Status.OK));
        }
        return done;
    }

    /** Each job's ids with the load that runs them, each job saved as running. */
    private Map<Scheduled, List<Item>> items(Path runDir, Path script, EchoLoad.Timing timing) throws IOException {
        Map<Scheduled, List<Item>> byJob = new LinkedHashMap<>();
        for (Scheduled s : jobs) {
            Configuration c = s.configuration();
            EchoLoad load = new EchoLoad(jar.toString(), c, wrk.orElseThrow(), script,
                    Files.createDirectories(runDir.resolve(RunFile.JOBS).resolve(c.label())), timing, log::log,
                    Stream.concat(settings.scored().extraJvmArgs().stream(), c.flags().stream()).toList());
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
        return byJob;
    }

    /** The rounds until every id has its repetitions; how many later ones ran, and how many the budget skipped. */
    private int[] rounds(Session session, Map<Scheduled, List<Item>> byJob, int pilot, int cap)
            throws IOException, InterruptedException {
        Random random = new Random(seed ^ 0x5DEECE66DL);
        Long deadline = session.deadline(Size.Served.class);
        int[] extra = new int[2]; // beyond the mandatory repetitions: run, skipped for the budget
        for (int round = 1; ; round++) {
            List<Item> due = new ArrayList<>(byJob.values().stream().flatMap(List::stream)
                    .filter(i -> i.limit == null && i.failure == null && !i.closed
                            && i.reps.size() < (i.planned != null ? i.planned : pilot)).toList());
            due = allowed(due, byJob, session.granted(Budget.Kind.EXTRA_REPETITIONS), deadline, pilot, extra);
            if (due.isEmpty()) {
                break;
            }
            Collections.shuffle(due, random);
            log.log("threadring: echo round " + round + ": " + due.size() + " repetition(s), in a shuffled order");
            progress.round(round, "echo round " + round, byJob.values().stream().flatMap(List::stream)
                    .mapToInt(i -> i.reps.size()).sum(), byJob.values().stream().mapToInt(List::size).sum());
            for (Item i : due) {
                repetition(i, byJob, pilot, cap);
            }
        }
        return extra;
    }

    /** One repetition of an id, then its plan once its pilot is in, its job saved and the progress told. */
    private void repetition(Item i, Map<Scheduled, List<Item>> byJob, int pilot, int cap)
            throws IOException, InterruptedException {
        long begin = System.nanoTime();
        try {
            i.reps.add(i.load.repetition(i.factory, i.job.size(), i.reps.size() + 1));
            i.seconds.add((System.nanoTime() - begin) / 1e9);
        } catch (EchoLoad.TooSlow e) { // what this machine allows the row, in any repetition: not a failure
            i.limit = i.reps.isEmpty() ? e.getMessage() : limitLater(i.reps.size(), e.getMessage());
        } catch (IllegalStateException e) {
            i.failure = e.getMessage();
        }
        if (i.failure == null && !i.closed && i.planned == null && i.reps.size() >= pilot) {
            i.planned = planned(i.reps, pilot, cap, settings.scored().precision() / 100.0);
        }
        save(i.job, byJob.get(i.job), Job.Status.RUNNING);
        List<Item> all = byJob.values().stream().flatMap(List::stream).toList();
        progress.phase(PHASE, all.stream().mapToInt(x -> x.reps.size()).sum(), all.stream()
                .mapToInt(x -> x.limit != null || x.failure != null ? x.reps.size()
                        : Math.max(x.reps.size(), x.planned != null ? x.planned : pilot)).sum(), "repetitions");
        boolean done = i.failure != null || i.planned != null && i.reps.size() >= i.planned;
        if (done) {
            progress.finished(Plan.key(i.job.configuration(), i.job.plan(), i.factory.id()), i.factory.id(),
                    estimate(i.job.plan()), i.job.size(), i.measured(), null);
        }
    }

    /**
     * The round's due repetitions the budget allows: every server's first two; a later one where the
     * budget grants them and it ends, with every first two still to run, before the deadline. A server
     * whose later repetition is skipped gets none more ({@code extra}: later ones run, skipped).
     */
    private List<Item> allowed(List<Item> due, Map<Scheduled, List<Item>> byJob, boolean granted, Long deadline,
            int pilot, int[] extra) {
        List<Item> out = new ArrayList<>();
        double rep = seconds(byJob);
        double owed = byJob.values().stream().flatMap(List::stream).filter(i -> i.limit == null && i.failure == null)
                .mapToDouble(i -> Math.max(0, Math.min(MANDATORY_REPETITIONS, pilot) - i.reps.size()) * rep).sum();
        double spare = deadline == null ? Double.POSITIVE_INFINITY
                : (deadline - System.currentTimeMillis()) / 1000.0 - owed;
        for (Item i : due) {
            if (i.reps.size() < MANDATORY_REPETITIONS) {
                out.add(i);
            } else if (granted && rep <= spare) {
                spare -= rep;
                extra[0]++;
                out.add(i);
            } else {
                extra[1]++;
                i.closed = true;
                i.planned = i.reps.size();
                log.log("threadring: " + i.factory.id() + ": no more repetitions, the budget's time is spoken for");
            }
        }
        return out;
    }

    /** What a repetition has taken so far in this run (the median of every server's), or the estimate. */
    private double seconds(Map<Scheduled, List<Item>> byJob) {
        List<Double> all = byJob.values().stream().flatMap(List::stream).flatMap(i -> i.seconds.stream()).toList();
        return all.isEmpty() ? EchoLoad.Timing.of(settings.scored()).estimate()
                / EchoLoad.Timing.of(settings.scored()).repetitions()
                : Numbers.median(all.stream().mapToDouble(Double::doubleValue));
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
