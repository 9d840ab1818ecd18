//! The page's files, embedded in the binary: the server reads nothing from disk at run time.

/// One embedded file: its path under `assets/` (as the page asks for it), its content type and
/// its bytes.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The path the page asks for, relative to itself (`js/main.js`).
    pub path: &'static str,
    /// The `Content-Type` it is served with.
    pub content_type: &'static str,
    /// The file.
    pub bytes: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $type:literal) => {
        Asset {
            path: $path,
            content_type: $type,
            bytes: include_bytes!(concat!("../assets/", $path)),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every file the page needs.
pub const ASSETS: &[Asset] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("js/main.js", "text/javascript; charset=utf-8"),
    asset!("js/trace.js", "text/javascript; charset=utf-8"),
    asset!("js/tree.js", "text/javascript; charset=utf-8"),
    asset!("js/draw.js", "text/javascript; charset=utf-8"),
    asset!("js/graph.js", "text/javascript; charset=utf-8"),
    asset!("js/panels.js", "text/javascript; charset=utf-8"),
    asset!("js/form.js", "text/javascript; charset=utf-8"),
    asset!("js/dom.js", "text/javascript; charset=utf-8"),
    asset!("js/pseudocode.js", "text/javascript; charset=utf-8"),
    asset!("js/repeats.js", "text/javascript; charset=utf-8"),
    asset!("js/predict.js", "text/javascript; charset=utf-8"),
    asset!("js/snapshot.js", "text/javascript; charset=utf-8"),
    asset!("vendor/d3-hierarchy/d3-hierarchy.mjs", "text/javascript; charset=utf-8"),
    asset!("vendor/d3-hierarchy/LICENSE", "text/plain; charset=utf-8"),
];

/// The embedded file at `path`.
#[must_use]
pub fn get(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|asset| asset.path == path)
}

/// The page's modules, as the import map names them (`explorer/main.js`, `d3-hierarchy`), with
/// their text.
pub fn modules() -> impl Iterator<Item = (String, &'static Asset)> {
    ASSETS.iter().filter(|asset| asset.content_type == JS).map(|asset| {
        let name = match asset.path.strip_prefix("js/") {
            Some(file) => format!("explorer/{file}"),
            None => "d3-hierarchy".to_owned(),
        };
        (name, asset)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_module_the_import_map_names_is_embedded() {
        let index = std::str::from_utf8(get("index.html").unwrap().bytes).unwrap();
        let names: Vec<String> = modules().map(|(name, _)| name).collect();
        for name in ["explorer/main.js", "explorer/trace.js", "explorer/panels.js", "d3-hierarchy"]
        {
            assert!(names.iter().any(|n| n == name), "{name} missing from {names:?}");
        }
        // index.html's import map maps `explorer/` to `js/`, and d3-hierarchy to its file.
        assert!(index.contains(r#""explorer/": "./js/""#));
        assert!(index.contains(r#""d3-hierarchy": "./vendor/d3-hierarchy/d3-hierarchy.mjs""#));
    }
}
