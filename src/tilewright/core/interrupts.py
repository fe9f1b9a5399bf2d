"""What a signal does to a run: end it at once, cleanly, with nothing half-written left.

Why not Python's own handling. Ctrl-C raises ``KeyboardInterrupt`` wherever the interpreter
next looks for signals. When that is inside Numba's conversion of a kernel's result (a tuple
holding arrays), the exception is set in the middle of the conversion and the interpreter
fails: ``SystemError: CPUDispatcher(...) returned a result with an exception set``, or a
segmentation fault. And a kernel never looks for signals, so a Ctrl-C waits until it returns.
SIGTERM and SIGHUP kill the process outright, leaving temporary files behind.

Two tools, one for each side:

* :func:`deferred` (the library) holds a Python-level handler back while a kernel runs and
  converts its result, then delivers the signal: the caller sees a clean
  ``KeyboardInterrupt`` raised between kernel calls, whatever handler it installed.
* :func:`end_on_signals` (the command line) makes SIGINT, SIGTERM and SIGHUP end the run:
  the registered clean-ups run (temporary output files are removed), one line goes to
  stderr and the process exits with 128 + the signal's number (130, 143, 129). It acts from
  the main thread's handler when the main thread runs Python code, and from a watchdog
  thread woken through the signal's wake-up descriptor when the main thread is inside a
  kernel (kernels release the GIL), so an interrupt is honoured within milliseconds.
  Its handlers never raise, so no kernel result is ever cut in half.
"""

import _signal
import contextlib
import itertools
import os
import signal
import threading
from collections.abc import Callable, Iterator

ENDING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_ENDING_NUMBERS = tuple(int(number) for number in ENDING_SIGNALS)

_cleanups: dict[int, Callable[[], None]] = {}
_tokens = itertools.count()
_ending = threading.Lock()
_installed = False


def register_cleanup(cleanup: Callable[[], None]) -> int:
    """Run ``cleanup`` if a signal ends the run.

    Parameters
    ----------
    cleanup : callable
        Called with no arguments; its exceptions are ignored. Clean-ups run latest first.

    Returns
    -------
    int
        A token for :func:`unregister_cleanup`, once the work is done.

    Examples
    --------
    >>> token = register_cleanup(lambda: print("removing the temporary file"))
    >>> unregister_cleanup(token)
    """
    token = next(_tokens)
    _cleanups[token] = cleanup
    return token


def unregister_cleanup(token: int) -> None:
    """Forget a clean-up (its work finished normally); an unknown token is ignored.

    Parameters
    ----------
    token : int
        What :func:`register_cleanup` returned.
    """
    _cleanups.pop(token, None)


def end_on_signals() -> None:
    """Make SIGINT, SIGTERM and SIGHUP end this process cleanly (see the module docstring).

    For the command line: call once, from the main thread, before any work.
    """
    global _installed
    if _installed:
        return
    reader, writer = os.pipe()
    os.set_blocking(writer, False)
    for number in ENDING_SIGNALS:
        # a signal the caller ignores stays ignored: nohup, and the SIGINT of a job that a
        # non-interactive shell starts with &
        if signal.getsignal(number) is not signal.SIG_IGN:
            signal.signal(number, _end_from_handler)
    signal.set_wakeup_fd(writer, warn_on_full_buffer=False)
    threading.Thread(target=_watch, args=(reader,), name="tilewright-signals", daemon=True).start()
    _installed = True


def _end_from_handler(number: int, frame: object) -> None:
    _end(number)


def _watch(reader: int) -> None:
    # The C-level handler writes each signal's number here even while the main thread is
    # busy in a kernel, where the Python-level handler cannot run. This thread takes no
    # signals itself, so that the main thread's held_signals() holds them all.
    signal.pthread_sigmask(signal.SIG_BLOCK, ENDING_SIGNALS)
    while True:
        received = os.read(reader, 1)
        if received and received[0] in _ENDING_NUMBERS:
            _end(received[0])


def _end(number: int) -> None:
    if not _ending.acquire(blocking=False):
        return  # the other thread is already ending the run
    # the latest first, as ``with`` blocks unwind: what a later clean-up undoes was set
    # up inside what an earlier one undoes (a cluster's workers inside a dataset's run)
    for cleanup in reversed(list(_cleanups.values())):
        with contextlib.suppress(Exception):
            cleanup()
    name = "" if number == signal.SIGINT else f" ({signal.Signals(number).name})"
    clear = "\r\x1b[K" if _is_terminal(2) else ""  # over a progress bar, if one is drawn
    with contextlib.suppress(OSError):
        os.write(2, f"{clear}tilewright: interrupted{name}\n".encode())
    os._exit(128 + number)


def _is_terminal(descriptor: int) -> bool:
    try:
        return os.isatty(descriptor)
    except OSError:
        return False


@contextlib.contextmanager
def held_signals() -> Iterator[None]:
    """Keep SIGINT, SIGTERM and SIGHUP pending for a short step that must not be cut in
    half (creating and registering a temporary file, renaming it into place); they take
    effect when it ends."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, ENDING_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold Python-level signal handlers back for the duration; deliver what arrived after.

    Wrap each call of a compiled kernel that returns arrays in a tuple, so that a Ctrl-C
    raises ``KeyboardInterrupt`` after the result is whole instead of crashing the
    interpreter. Only the main thread runs Python signal handlers, and the command line's
    handlers (:func:`end_on_signals`) never raise, so there nothing is swapped.

    Examples
    --------
    >>> import signal
    >>> try:
    ...     with deferred():
    ...         signal.raise_signal(signal.SIGINT)  # arrives during the kernel call
    ...         print("the kernel's result is whole")
    ... except KeyboardInterrupt:
    ...     print("then the interrupt")
    the kernel's result is whole
    then the interrupt
    """
    if _installed or threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[tuple[int, object]] = []
    held = {}
    for number in _ENDING_NUMBERS:
        # _signal, not signal: the public wrappers turn every number and handler into an
        # enum, which made this 8x slower, and it runs around every kernel call
        handler = _signal.getsignal(number)
        if callable(handler):
            held[number] = handler
            _signal.signal(number, lambda n, frame: arrived.append((n, frame)))
    try:
        yield
    finally:
        for number, handler in held.items():
            _signal.signal(number, handler)
        if arrived:
            number, frame = arrived[0]
            held[number](number, frame)
