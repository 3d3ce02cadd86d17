package threadring.bench.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.RunFile;
import threadring.bench.data.Score;
import threadring.bench.data.Settings;
import threadring.bench.echo.EchoLoad;
import threadring.bench.stats.Forks;
import threadring.core.RingFactory;
import threadring.core.Workload.Size;

/**
 * The echo servers of a sweep under wrk, from this process, in rounds as the JMH forks are: one
 * repetition (a fresh server JVM) of every id and connection count per round, in an order shuffled
 * per round; the first repetitions are the pilot, from which each id's count is planned as the
 * forks' are ({@link Forks#planned}: a lone repetition apart from the others gets the cap, so that
 * no state rests on one repetition). run.json gains every repetition as it ends. An id that cannot
 * hold the connections here (more OS threads than the kernel allows) gets that as its result.
 */
final class EchoJobs {

    /** An echo job of one configuration: a plan narrowed to the ids this run measures there, and its size. */
    record Scheduled(Configuration configuration, Plan plan, Size.Served size) {}

    /** One id of one job, and its repetitions so far. */
    private static final class Item {
        final Scheduled job;
        final RingFactory factory;
        final EchoLoad load;
        final List<Score.EchoRepetition> reps = new ArrayList<>();
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

    private final Settings settings;
    private final Path runDir;
    private final Path jar;
    private final Path wrk;
    private final Path script;
    private final RunLog log;
    private final Progress progress;
    private final long seed;

    EchoJobs(Settings settings, Path runDir, Path jar, Path wrk, Path script, RunLog log, Progress progress, long seed) {
        this.settings = settings;
        this.runDir = runDir;
        this.jar = jar;
        this.wrk = wrk;
        this.script = script;
        this.log = log;
        this.progress = progress;
        this.seed = seed;
    }

    List<Job> run(List<Scheduled> jobs) throws IOException, InterruptedException {
        EchoLoad.Timing timing = EchoLoad.Timing.of(settings.scored());
        int pilot = timing.repetitions();
        int cap = Math.max(pilot, settings.scored().maxForks());
        Map<Scheduled, List<Item>> byJob = new LinkedHashMap<>();
        for (Scheduled s : jobs) {
            Configuration c = s.configuration();
            EchoLoad load = new EchoLoad(jar.toString(), c, wrk, script,
                    Files.createDirectories(runDir.resolve(RunFile.JOBS).resolve(c.label())), timing, log::log);
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
                    i.reps.add(i.load.repetition(i.factory, echo(i.job.size()), i.reps.size() + 1));
                } catch (EchoLoad.TooSlow e) { // a result of the row, not a failure (a later repetition: a failure)
                    if (i.reps.isEmpty()) {
                        i.limit = e.getMessage();
                    } else {
                        i.failure = e.getMessage();
                    }
                } catch (IllegalStateException e) {
                    i.failure = e.getMessage();
                }
                if (i.failure == null && i.planned == null && i.reps.size() >= pilot) {
                    i.planned = pilot == cap ? pilot : Forks.planned(i.reps.stream().filter(r -> r.requestsPerSecond() > 0)
                            .map(r -> 1e9 / r.requestsPerSecond()).toList(), settings.scored().precision() / 100.0, cap);
                }
                save(i.job, byJob.get(i.job), Job.Status.RUNNING);
                boolean done = i.failure != null || i.planned != null && i.reps.size() >= i.planned;
                if (done) {
                    progress.finished(Sweep.key(i.job.configuration(), i.job.plan(), i.factory.id()), i.factory.id(),
                            i.job.plan().estimate(settings), i.job.size(), i.measured(), null);
                }
            }
        }
        List<Job> done = new ArrayList<>();
        for (Map.Entry<Scheduled, List<Item>> e : byJob.entrySet()) {
            e.getValue().stream().filter(i -> i.limit != null).forEach(i -> progress.finished(Sweep.key(
                    e.getKey().configuration(), e.getKey().plan(), i.factory.id()), i.factory.id(),
                    e.getKey().plan().estimate(settings), e.getKey().size(), i.measured(), null));
            done.add(job(e.getKey(), e.getValue(), Job.Status.OK));
        }
        return done;
    }

    private void save(Scheduled s, List<Item> items, Job.Status status) throws IOException {
        log.running(job(s, items, status));
    }

    private static Job job(Scheduled s, List<Item> items, Job.Status status) {
        return s.plan().job(s.configuration().label(), s.plan().ids(), status, null, null,
                items.stream().map(Item::measured).toList());
    }

    /** The served size this runner loads: the echo server's, today the one served workload. */
    private static Size.Echo echo(Size.Served size) {
        if (size instanceof Size.Echo e) {
            return e;
        }
        throw new IllegalStateException("no runner loads a served size other than the echo server's: " + size);
    }
}
