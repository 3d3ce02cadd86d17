// Command threadring-go runs one workload of the threadring suite in goroutines, for the JVM
// rows to be set beside: the JVM side (threadring.go.GoProcess) starts it with the workload and
// its shape, then writes one request per line on its standard input and reads one answer per
// line from its standard output, so that every pass runs on structures built once, as the JVM
// models' do. Standard library only; every answer is the workload's own (DESIGN.md), checked by
// the JVM side. A line that cannot be read ends the process with exit status 2.
package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: threadring-go ring NODES TOKENS DEPTH WORK | rendezvous | fanout | skynet-channel | skynet-waitgroup | fairness | fairness-yield")
	}
	var serve func(args []int64) string
	var stop func()
	switch os.Args[1] {
	case "ring":
		a := ints(os.Args[2:], 4)
		r := openRing(int(a[0]), int(a[1]), int(a[2]), a[3])
		serve = func(req []int64) string { return number(r.pass(one(req))) }
		stop = r.close
	case "rendezvous":
		r := openRendezvous()
		serve = func(req []int64) string { return number(r.exchange(one(req))) }
		stop = r.close
	case "fanout":
		serve = func(req []int64) string {
			if len(req) != 3 {
				fail("fanout wants TASKS DELAY_MS WORK")
			}
			return number(fanOut(req[0], time.Duration(req[1])*time.Millisecond, req[2]))
		}
	case "fairness", "fairness-yield":
		yielding := os.Args[1] == "fairness-yield"
		serve = func(req []int64) string {
			if len(req) != 4 {
				fail("fairness wants HOGS CHUNKS CHUNK_WORK PERIOD_US")
			}
			return fairness(req[0], req[1], req[2], time.Duration(req[3])*time.Microsecond, yielding)
		}
	case "skynet-channel":
		serve = func(req []int64) string { return audited(req, skynetChannel) }
	case "skynet-waitgroup":
		serve = func(req []int64) string { return audited(req, skynetWaitGroup) }
	default:
		fail("unknown workload " + os.Args[1])
	}
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, "ready")
	out.Flush()
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "quit" {
			break
		}
		fmt.Fprintln(out, serve(ints(strings.Fields(line), -1)))
		out.Flush()
	}
	if stop != nil {
		stop()
	}
}

func fail(why string) {
	fmt.Fprintln(os.Stderr, "threadring-go: "+why)
	os.Exit(2)
}

// ints reads want numbers (any count for -1).
func ints(fields []string, want int) []int64 {
	if want >= 0 && len(fields) != want {
		fail(fmt.Sprintf("want %d numbers, got %q", want, fields))
	}
	out := make([]int64, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			fail("not a number: " + f)
		}
		out[i] = v
	}
	return out
}

func one(req []int64) int64 {
	if len(req) != 1 {
		fail("want one number")
	}
	return req[0]
}

func number(v int64) string {
	return strconv.FormatInt(v, 10)
}

// The audit of a Skynet tree, on when the request's third number is 1: goroutines started, still
// running after the root answered, and the most running at once.
var auditOn bool
var started, running, peak int64

func taskStarted() {
	if auditOn {
		atomic.AddInt64(&started, 1)
		r := atomic.AddInt64(&running, 1)
		for p := atomic.LoadInt64(&peak); r > p && !atomic.CompareAndSwapInt64(&peak, p, r); p = atomic.LoadInt64(&peak) {
		}
	}
}

func taskEnded() {
	if auditOn {
		atomic.AddInt64(&running, -1)
	}
}

// audited runs a tree of BRANCHING DEPTH [AUDIT]: its sum, and with AUDIT 1 the audit's counts.
func audited(req []int64, tree func(branching, depth int64) int64) string {
	if len(req) != 2 && len(req) != 3 {
		fail("skynet wants BRANCHING DEPTH [AUDIT]")
	}
	auditOn = len(req) == 3 && req[2] == 1
	atomic.StoreInt64(&started, 0)
	atomic.StoreInt64(&peak, atomic.LoadInt64(&running))
	sum := tree(req[0], req[1])
	if !auditOn {
		return number(sum)
	}
	return fmt.Sprintf("%d %d %d %d", sum, atomic.LoadInt64(&started), atomic.LoadInt64(&running), atomic.LoadInt64(&peak))
}

// consumed keeps consumeCPU's result observable, as JMH's Blackhole does.
var consumed int64

// consumeCPU burns CPU as JMH's Blackhole.consumeCPU(tokens) does: the same arithmetic per token,
// so that a unit of work costs about the same in both runtimes.
func consumeCPU(tokens int64) {
	t := atomic.LoadInt64(&consumed)
	for i := tokens; i > 0; i-- {
		t += (t*0x5DEECE66D + 0xB + i) & 0xFFFFFFFFFFFF
	}
	if t == 42 {
		atomic.AddInt64(&consumed, t)
	}
}

// The ring: a goroutine per node, each with an unbuffered channel it receives on; node i hands
// v-1 to node i+1 (node N to node 1) and reports its name when it receives 0. -1 stops a node.
type ring struct {
	inbox   []chan int64
	done    chan int64 // buffered to the tokens: a node that ends a token never waits for pass to read
	nodes   int
	tokens  int
	stopped sync.WaitGroup
}

func openRing(nodes, tokens, depth int, work int64) *ring {
	r := &ring{inbox: make([]chan int64, nodes), done: make(chan int64, tokens), nodes: nodes, tokens: tokens}
	for i := range r.inbox {
		r.inbox[i] = make(chan int64)
	}
	r.stopped.Add(nodes)
	for i := 0; i < nodes; i++ {
		go r.node(i, depth, work)
	}
	return r
}

func (r *ring) node(i, depth int, work int64) {
	defer r.stopped.Done()
	in, next := r.inbox[i], r.inbox[(i+1)%r.nodes]
	for {
		v := receive(depth, in)
		if v < 0 {
			return
		}
		if v == 0 {
			r.done <- int64(i + 1)
			continue
		}
		if work > 0 {
			consumeCPU(work)
		}
		next <- v - 1
	}
}

// receive waits depth calls deep, so that those frames are live while the goroutine waits.
//
//go:noinline
func receive(depth int, in chan int64) int64 {
	if depth == 0 {
		return <-in
	}
	return receive(depth-1, in)
}

// pass starts token k at node 1+floor(k*N/T) with its share of the hops; returns the sum of the
// names of the nodes where the tokens reached 0.
func (r *ring) pass(hops int64) int64 {
	n, t := int64(r.nodes), int64(r.tokens)
	for k := int64(0); k < t; k++ {
		share := hops / t
		if k < hops%t {
			share++
		}
		go func(start, share int64) { r.inbox[start] <- share }(k*n/t, share)
	}
	var sum int64
	for k := int64(0); k < t; k++ {
		sum += <-r.done
	}
	return sum
}

func (r *ring) close() {
	for _, in := range r.inbox {
		in <- -1
	}
	r.stopped.Wait()
}

// The rendezvous: a sender and a receiver goroutine meet on one unbuffered channel once per value.
type rendezvous struct {
	send, take, sums chan int64
	values           chan int64
}

func openRendezvous() *rendezvous {
	r := &rendezvous{send: make(chan int64), take: make(chan int64), sums: make(chan int64), values: make(chan int64)}
	go func() {
		for m := range r.send {
			for v := int64(1); v <= m; v++ {
				r.values <- v
			}
		}
	}()
	go func() {
		for m := range r.take {
			var sum int64
			for i := int64(0); i < m; i++ {
				sum += <-r.values
			}
			r.sums <- sum
		}
	}()
	return r
}

func (r *rendezvous) exchange(m int64) int64 {
	r.take <- m
	r.send <- m
	return <-r.sums
}

func (r *rendezvous) close() {
	close(r.send)
	close(r.take)
}

// fanOut starts a goroutine per task; task i sleeps, works and adds i; returns the sum once all are done.
func fanOut(tasks int64, delay time.Duration, work int64) int64 {
	var wg sync.WaitGroup
	var sum int64
	wg.Add(int(tasks))
	for i := int64(1); i <= tasks; i++ {
		go func(i int64) {
			defer wg.Done()
			time.Sleep(delay)
			if work > 0 {
				consumeCPU(work)
			}
			atomic.AddInt64(&sum, i)
		}(i)
	}
	wg.Wait()
	return sum
}

// fairness: a goroutine per hog running its chunks (runtime.Gosched() after each where yielding)
// and a probe goroutine that time.Sleeps the period, again and again until every hog is done,
// noting each wake-up's lateness (when it ran minus when it was due, on the monotonic clock; the
// first is due one period after the run starts, as in the JVM rows, so a probe that cannot start
// beside the hogs is late by that wait too); answers the hogs' chunks, then each lateness in ns.
// Go preempts a goroutine that runs too long.
func fairness(hogs, chunks, work int64, period time.Duration, yielding bool) string {
	firstDue := time.Now().Add(period)
	var wg sync.WaitGroup
	var sum int64
	running := hogs
	wg.Add(int(hogs))
	for h := int64(0); h < hogs; h++ {
		go func() {
			defer wg.Done()
			for c := int64(0); c < chunks; c++ {
				consumeCPU(work)
				if yielding {
					runtime.Gosched()
				}
			}
			atomic.AddInt64(&sum, chunks)
			atomic.AddInt64(&running, -1)
		}()
	}
	woke := make(chan []int64, 1)
	go func() {
		var late []int64
		for {
			due := time.Now().Add(period)
			if len(late) == 0 && firstDue.Before(due) {
				due = firstDue
			}
			time.Sleep(period)
			late = append(late, int64(time.Since(due)))
			if atomic.LoadInt64(&running) == 0 {
				break
			}
		}
		woke <- late
	}()
	wg.Wait()
	late := <-woke
	var b strings.Builder
	b.WriteString(number(atomic.LoadInt64(&sum)))
	for _, v := range late {
		b.WriteString(" ")
		b.WriteString(number(v))
	}
	return b.String()
}

// skynetChannel: every task a goroutine; a task of one leaf answers its first leaf, any other
// starts its children, which answer on a channel of its own (buffered: no child waits for its
// parent to read), and answers their sum.
func skynetChannel(branching, depth int64) int64 {
	answer := make(chan int64, 1)
	go skynetTask(answer, 0, pow(branching, depth), branching)
	return <-answer
}

func skynetTask(answer chan<- int64, first, leaves, branching int64) {
	taskStarted()
	if leaves == 1 {
		taskEnded()
		answer <- first
		return
	}
	children := make(chan int64, branching)
	each := leaves / branching
	for i := int64(0); i < branching; i++ {
		go skynetTask(children, first+i*each, each, branching)
	}
	var sum int64
	for i := int64(0); i < branching; i++ {
		sum += <-children
	}
	taskEnded()
	answer <- sum
}

// skynetWaitGroup: every task a goroutine; a parent waits for its children on a WaitGroup and
// sums the answers they left in its slice.
func skynetWaitGroup(branching, depth int64) int64 {
	var sum int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		sum = skynetJoin(0, pow(branching, depth), branching)
		wg.Done()
	}()
	wg.Wait()
	return sum
}

// skynetJoin is one task's body, run by its own goroutine (the root's by skynetWaitGroup's).
func skynetJoin(first, leaves, branching int64) int64 {
	taskStarted()
	if leaves == 1 {
		taskEnded()
		return first
	}
	answers := make([]int64, branching)
	each := leaves / branching
	var wg sync.WaitGroup
	wg.Add(int(branching))
	for i := int64(0); i < branching; i++ {
		go func(i int64) {
			answers[i] = skynetJoin(first+i*each, each, branching)
			wg.Done()
		}(i)
	}
	wg.Wait()
	var sum int64
	for _, a := range answers {
		sum += a
	}
	taskEnded()
	return sum
}

func pow(b, e int64) int64 {
	p := int64(1)
	for i := int64(0); i < e; i++ {
		p *= b
	}
	return p
}
