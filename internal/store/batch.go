package store

import (
	"context"
	"sync"
)

// batcher appends log lines for a store: lines that several goroutines
// append at once are committed together, one transaction for many lines.
type batcher struct {
	commit    func(batch []*appendReq, errs []error) // appends a batch
	appends   chan *appendReq                        // lines for run to append
	closing   chan struct{}                          // closed by close
	done      chan struct{}                          // closed when every run has ended
	running   sync.WaitGroup                         // the runs
	closeOnce sync.Once
}

// appendReq is a line waiting to be appended.
type appendReq struct {
	ctx  context.Context
	id   string
	n    int
	line []byte
	done chan error
}

var appendPool = sync.Pool{New: func() any { return &appendReq{done: make(chan error, 1)} }}

// maxBatch is the most lines committed in one transaction.
const maxBatch = 256

// newBatcher starts a batcher whose batches commit appends, with workers
// batches being committed at once at most. commit sets errs[i] to the
// outcome of batch[i]; it checks each line's context before appending it.
func newBatcher(workers int, commit func(batch []*appendReq, errs []error)) *batcher {
	b := &batcher{
		commit:  commit,
		appends: make(chan *appendReq),
		closing: make(chan struct{}),
		done:    make(chan struct{}),
	}
	b.running.Add(workers)
	for range workers {
		go b.run()
	}
	go func() {
		b.running.Wait()
		close(b.done)
	}()
	return b
}

// append appends line n of table id and returns the outcome.
func (b *batcher) append(ctx context.Context, id string, n int, line []byte) error {
	if err := checkLine(id, n, line); err != nil {
		return err
	}
	if line == nil {
		line = []byte{}
	}
	r := appendPool.Get().(*appendReq)
	r.ctx, r.id, r.n, r.line = ctx, id, n, line
	select {
	case b.appends <- r:
	case <-ctx.Done():
		return ctx.Err()
	case <-b.closing:
		return ErrClosed
	}
	// Once queued the line is the batcher's: wait for its answer, which
	// says whether the line is stored, even if ctx ends meanwhile.
	err := <-r.done
	r.ctx, r.line = nil, nil
	appendPool.Put(r)
	return err
}

// run appends the queued lines, a batch at a time, until the batcher
// closes; then it refuses the lines still queued.
func (b *batcher) run() {
	defer b.running.Done()
	batch := make([]*appendReq, 0, maxBatch)
	errs := make([]error, maxBatch)
	for {
		select {
		case r := <-b.appends:
			batch = append(batch[:0], r)
		case <-b.closing:
			for {
				select {
				case r := <-b.appends:
					r.done <- ErrClosed
				default:
					return
				}
			}
		}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-b.appends:
				batch = append(batch, r)
			default:
				break more
			}
		}
		clear(errs)
		b.commit(batch, errs[:len(batch)])
		for i, r := range batch {
			r.done <- errs[i]
			batch[i] = nil
		}
	}
}

// close stops the batcher once the batch being committed is.
func (b *batcher) close() {
	b.closeOnce.Do(func() { close(b.closing) })
	<-b.done
}
