//! A minimal HTTP/1.1 client over a TCP stream: enough to talk to the explorer's server and to
//! chromedriver's `WebDriver` endpoint on this machine, with no client library.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// An answer: its status, its headers (lower-case names) and its body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Sends `method path` with `body` (JSON when given) to `127.0.0.1:port` and reads the whole
/// answer (the connection is closed after it).
pub fn request(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    let body = body.unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )?;
    stream.write_all(body)?;
    // Read until the answer is whole: by its length, its last chunk, or the end of the stream
    // (a server may keep the connection open despite `Connection: close`).
    let mut raw = Vec::new();
    let mut buffer = vec![0; 1 << 16];
    loop {
        let n = stream.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buffer[..n]);
        if complete(&raw) {
            break;
        }
    }
    parse(&raw)
}

/// Whether `raw` holds a whole answer.
fn complete(raw: &[u8]) -> bool {
    let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") else { return false };
    let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
    let body = &raw[end + 4..];
    if let Some(length) = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
    {
        return body.len() >= length;
    }
    if head.contains("transfer-encoding: chunked") {
        return body.ends_with(b"0\r\n\r\n") && dechunk(body).is_some();
    }
    false
}

fn parse(raw: &[u8]) -> std::io::Result<Answer> {
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned());
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").ok_or_else(|| bad("no header end"))?;
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| bad("no status"))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    if headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked")) {
        body = dechunk(&body).ok_or_else(|| bad("bad chunked body"))?;
    }
    Ok(Answer { status, headers, body })
}

fn dechunk(mut data: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&data[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(data.get(..size)?);
        data = data.get(size + 2..)?;
    }
}
