package proc

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// stderrWait is how long, once the program's group is dead, the end of its
// standard error is waited for (longer only when a process that left the
// group holds it open).
const stderrWait = time.Second

// Process is an outside program started by Start: the shell that runs its
// command, the leader of a process group of its own.
type Process struct {
	pid        int
	stderr     *Tail
	exited     chan struct{} // closed once the shell has been waited for and its group killed
	waitErr    error         // set before exited is closed
	stderrDone chan struct{} // closed when its standard error is drained
	stderrR    *os.File
}

// Start runs command by /bin/sh -c in a new process group, with stdin
// and stdout as its standard input and output (the child's ends of pipes:
// Start closes them once the child has them, whether or not it starts);
// its standard error is drained into a Tail. When the shell exits, its
// whole group is killed: nothing it started outlives it.
func Start(command string, stdin, stdout *os.File) (*Process, error) {
	errR, errW, err := os.Pipe()
	if err != nil {
		stdin.Close()
		stdout.Close()
		return nil, err
	}
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, errW
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = cmd.Start()
	// The child's ends: it has them now.
	stdin.Close()
	stdout.Close()
	errW.Close()
	if err != nil {
		errR.Close()
		return nil, err
	}
	p := &Process{pid: cmd.Process.Pid, stderr: &Tail{}, exited: make(chan struct{}), stderrDone: make(chan struct{}), stderrR: errR}
	go func() {
		_, _ = io.Copy(p.stderr, errR)
		close(p.stderrDone)
	}()
	go func() {
		p.waitErr = cmd.Wait()
		// Nothing the program started outlives it. The group's id cannot
		// be another's while a process of the group lives.
		_ = syscall.Kill(-p.pid, syscall.SIGKILL)
		close(p.exited)
	}()
	return p, nil
}

// Pid returns the shell's process id, which is also its group's id.
func (p *Process) Pid() int { return p.pid }

// Exited is closed once the shell has exited and its group been killed.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// Kill kills the whole process group with SIGKILL, unless the shell has
// exited already (its group was killed then).
func (p *Process) Kill() {
	select {
	case <-p.exited:
	default:
		_ = syscall.Kill(-p.pid, syscall.SIGKILL)
	}
}

// Stop ends the program: it waits up to grace for the shell to exit by
// itself (after its input was closed, say), then kills the group, and
// returns once the shell has been waited for (SIGKILL cannot be ignored;
// a bound guards only against a process stuck in the kernel). Call it
// once, at the end: it closes Felt's end of the standard error.
func (p *Process) Stop(grace time.Duration) {
	if grace > 0 {
		t := time.NewTimer(grace)
		select {
		case <-p.exited:
		case <-t.C:
		}
		t.Stop()
	}
	p.Kill()
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
	}
	// The rest of its standard error, unless a process that left the
	// group holds it open: that one is not waited for.
	select {
	case <-p.stderrDone:
	case <-time.After(stderrWait):
	}
	_ = p.stderrR.Close()
}

// Stderr returns the end of the program's standard error, once it has
// exited and its standard error is drained or, if it is still running,
// as it is now. Lines is what errors quote.
func (p *Process) Stderr() *Tail {
	select {
	case <-p.exited:
		// Let the last of its standard error arrive.
		select {
		case <-p.stderrDone:
		case <-time.After(stderrWait):
		}
	default:
	}
	return p.stderr
}

// ExitStatus waits up to wait for the shell to exit and says how it did
// ("exit status 3", "signal: killed"); it returns "" if it is still
// running.
func (p *Process) ExitStatus(wait time.Duration) string {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-p.exited:
	case <-t.C:
		return ""
	}
	if p.waitErr == nil {
		return "exit status 0"
	}
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		return ee.ProcessState.String()
	}
	return fmt.Sprint(p.waitErr)
}
