//! Standard output and standard error for every command. A closed pipe (`gig cards | head -1`)
//! ends the command quietly with exit 0: the reader has what it wanted, nothing failed.

use std::io::{ErrorKind, Write};

/// A writer that ends the process (exit 0) when the reader of the pipe has gone; other write
/// errors are returned as usual.
pub struct Sink<W: Write>(pub W);

fn closed(e: &std::io::Error) -> bool {
    e.kind() == ErrorKind::BrokenPipe
}

impl<W: Write> Write for Sink<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).inspect_err(|e| {
            if closed(e) {
                std::process::exit(0)
            }
        })
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().inspect_err(|e| {
            if closed(e) {
                std::process::exit(0)
            }
        })
    }
}

/// Standard output, locked.
pub fn stdout() -> Sink<std::io::StdoutLock<'static>> {
    Sink(std::io::stdout().lock())
}

/// Standard error, locked.
pub fn stderr() -> Sink<std::io::StderrLock<'static>> {
    Sink(std::io::stderr().lock())
}

/// `println!` that ends quietly on a closed pipe.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!($crate::out::stdout(), $($t)*);
    }};
}

/// `eprintln!` that ends quietly on a closed pipe.
macro_rules! errln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!($crate::out::stderr(), $($t)*);
    }};
}

pub(crate) use {errln, outln};
