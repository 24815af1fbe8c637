//! Writing files so that nothing is lost: a new file created beside the target (exclusively,
//! under a name nobody can predict), written, flushed to disk, then renamed over the target.

use std::io::Write;
use std::path::Path;

/// What a file that is not a regular file is, in plain words.
fn kind_of(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_symlink() {
        "a symbolic link"
    } else if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

/// Replaces (or creates) the regular file `path` with `bytes`. A temporary file is created
/// exclusively in the same folder (tempfile: a random name, `O_EXCL`, never a planted link),
/// written, synced, given the old file's permissions and renamed over `path`; the folder is
/// synced after. Anything at `path` that is not a regular file (a symbolic link, a FIFO, a
/// device, a folder) is refused and left as it is. On any failure the temporary file is
/// removed and `path` is as it was. The error says why, naming `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("can't write {}: {e}", path.display());
    let old = match std::fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() => {
            return Err(format!(
                "{}: not a regular file ({}); not replaced",
                path.display(),
                kind_of(&m.file_type())
            ))
        }
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(fail(e)),
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".gig-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(fail)?;
    if let Some(m) = &old {
        tmp.as_file()
            .set_permissions(m.permissions())
            .map_err(fail)?;
    }
    tmp.write_all(bytes).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}
