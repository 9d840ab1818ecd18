//! `explore --export`: one self-contained HTML page with a run inside, for a course website.
//!
//! It does what the page's reference exporter (`assets/tests/export.mjs`) does:
//!
//! 1. the stylesheet's `<link>` becomes a `<style>` holding `style.css`;
//! 2. the import map names every module by a `data:` URL holding its text, base64-encoded, so that
//!    nothing is fetched (a page opened from `file://` may not fetch);
//! 3. the module script's `src` becomes an inline `import "explorer/main.js"`;
//! 4. the trace goes into the `embedded-trace` element, every `</` written `<\/` (the same JSON,
//!    and the element cannot end early).

use std::fmt;

use crate::assets;

/// What is wrong with the page's `index.html` for exporting: it lacks a part the exporter
/// replaces (the assets changed without the exporter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportError(&'static str);

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the page's index.html has no {}: the exporter cannot inline it", self.0)
    }
}

impl std::error::Error for ExportError {}

/// The page with `trace` (JSON Lines) embedded, every file inlined.
///
/// # Errors
///
/// The embedded `index.html` lacks one of the parts replaced (or a file is not embedded).
pub fn page(trace: &str) -> Result<String, ExportError> {
    let text = |path: &'static str| {
        assets::get(path).map(|asset| String::from_utf8_lossy(asset.bytes)).ok_or(ExportError(path))
    };
    let mut html = text("index.html")?.into_owned();
    let style = format!("<style>\n{}</style>", text("style.css")?);
    replace(&mut html, r#"<link rel="stylesheet" href="style.css">"#, None, &style)?;
    let imports: serde_json::Map<String, serde_json::Value> = assets::modules()
        .map(|(name, asset)| {
            (name, format!("data:text/javascript;base64,{}", base64(asset.bytes)).into())
        })
        .collect();
    let map = serde_json::json!({ "imports": imports });
    let map = format!(r#"<script type="importmap">{map}</script>"#);
    replace(&mut html, r#"<script type="importmap">"#, Some("</script>"), &map)?;
    replace(
        &mut html,
        r#"<script type="module" src="js/main.js"></script>"#,
        None,
        r#"<script type="module">import "explorer/main.js";</script>"#,
    )?;
    let embedded = format!(
        "<script type=\"application/jsonl\" id=\"embedded-trace\">\n{}</script>",
        trace.replace("</", "<\\/")
    );
    replace(
        &mut html,
        r#"<script type="application/jsonl" id="embedded-trace"></script>"#,
        None,
        &embedded,
    )?;
    Ok(html)
}

/// Replaces the first `start` (through the next `end`, if given) in `html` by `with`.
fn replace(
    html: &mut String,
    start: &'static str,
    end: Option<&str>,
    with: &str,
) -> Result<(), ExportError> {
    let from = html.find(start).ok_or(ExportError(start))?;
    let to = match end {
        Some(end) => {
            from + start.len()
                + html[from + start.len()..].find(end).ok_or(ExportError(start))?
                + end.len()
        }
        None => from + start.len(),
    };
    html.replace_range(from..to, with);
    Ok(())
}

/// Standard base64 with padding (RFC 4648), for the `data:` URLs.
#[must_use]
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_examples() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded, "{plain:?}");
        }
    }

    #[test]
    fn the_page_carries_the_trace_and_fetches_nothing() {
        let trace = "{\"format\":\"ida-star-trace\",\"note\":\"</script><b>\"}\n";
        let html = page(trace).unwrap();
        assert!(html.contains(r#"{"format":"ida-star-trace","note":"<\/script><b>"}"#));
        assert!(!html.contains("href=\"style.css\""));
        assert!(!html.contains("src=\"js/main.js\""));
        assert!(html.contains("\"explorer/main.js\":\"data:text/javascript;base64,"));
        assert!(html.contains("\"d3-hierarchy\":\"data:text/javascript;base64,"));
        // The embedded trace's element ends once, after the trace.
        let start = html.find("id=\"embedded-trace\">").unwrap();
        let end = html[start..].find("</script>").unwrap();
        assert!(html[start..start + end].contains("ida-star-trace"));
    }
}
