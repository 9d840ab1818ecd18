//! Whom the server serves: a request whose `Host` is not the address listened on
//! (`127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT` or the bound address's), or whose `Origin`
//! is not that same origin, is answered `403 Forbidden`; so is a request to `/api/` that the
//! browser says comes from another site (`Sec-Fetch-Site`). A web page elsewhere can then neither
//! start nor read a search, even through DNS rebinding.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Who may be served: requests that name the address listened on, from a page of this server.
///
/// A browser sends the `Host` its user (or a page) asked for: a page of another site that
/// resolves its own name to this machine (DNS rebinding) sends its own name, and is refused. A
/// page of another origin that asks this server for something sends its `Origin`, and is
/// refused. A request from a page of another site that sends no `Origin` (an image, a plain
/// link) is refused under `/api/` by the `Sec-Fetch-Site` browsers add; the page itself may be
/// opened from a link anywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    /// The address listened on.
    address: SocketAddr,
}

impl Guard {
    /// The guard of a server listening on `address`.
    #[must_use]
    pub fn new(address: SocketAddr) -> Self {
        Guard { address }
    }

    /// Whether `authority` (`host:port`, as `Host` gives it) names the address listened on:
    /// the port, and `localhost`, a loopback address or the bound one (any address written as
    /// digits, when it is bound to every address: a name that is not `localhost` is refused).
    #[must_use]
    pub fn allows(&self, authority: &str) -> bool {
        // No port is port 80, HTTP's, as browsers write it.
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !port.ends_with(']') => (host, port),
            _ => (authority, "80"),
        };
        if port != self.address.port().to_string() {
            return false;
        }
        if host.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let ip = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            Some(v6) => v6.parse::<Ipv6Addr>().map(IpAddr::V6),
            None => host.parse::<Ipv4Addr>().map(IpAddr::V4),
        };
        let Ok(ip) = ip else { return false };
        let bound = self.address.ip();
        ip.is_loopback() || ip == bound || bound.is_unspecified()
    }

    /// Why a request with `headers` to `path` is refused, if it is.
    ///
    /// # Errors
    ///
    /// The message the 403 answer carries.
    pub fn check(&self, path: &str, headers: &HeaderMap) -> Result<(), String> {
        let text = |name: header::HeaderName| {
            headers
                .get(&name)
                .map(|value| value.to_str().map_err(|_| format!("{name} is not text")))
        };
        let host = text(header::HOST).ok_or("no Host: name this server's address")??;
        if !self.allows(host) {
            return Err(format!(
                "Host {host:?} is not this server's address ({})",
                self.addresses()
            ));
        }
        if let Some(origin) = text(header::ORIGIN) {
            let origin = origin?;
            if !origin.strip_prefix("http://").is_some_and(|rest| self.allows(rest)) {
                return Err(format!(
                    "Origin {origin:?} is not this server's: a page of another site"
                ));
            }
        }
        if path.starts_with("/api/")
            && let Some(site) = text(header::HeaderName::from_static("sec-fetch-site"))
        {
            let site = site?;
            if site != "same-origin" && site != "none" {
                return Err(format!("Sec-Fetch-Site {site:?}: a request from another site"));
            }
        }
        Ok(())
    }

    /// The addresses the server answers to, for the message.
    fn addresses(&self) -> String {
        let port = self.address.port();
        let mut names =
            vec![format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("[::1]:{port}")];
        let ip = self.address.ip();
        if ip.is_unspecified() {
            names.push(format!("any address in digits:{port}"));
        } else if !ip.is_loopback() {
            names.push(self.address.to_string());
        }
        names.join(", ")
    }
}

/// The [`Guard`] as a layer: a request it refuses is answered 403 with its message.
pub(crate) async fn layer(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let mut answer = match guard.check(request.uri().path(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(message) => {
            let plain = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
            (StatusCode::FORBIDDEN, plain, format!("forbidden: {message}")).into_response()
        }
    };
    // A message quoting the request is plain text, never read as a page.
    answer
        .headers_mut()
        .insert(header::X_CONTENT_TYPE_OPTIONS, header::HeaderValue::from_static("nosniff"));
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_address_in_digits_is_this_servers_when_it_listens_on_every_address() {
        let everywhere = Guard::new("0.0.0.0:80".parse().unwrap());
        assert!(everywhere.allows("192.0.2.7") && everywhere.allows("192.0.2.7:80"));
        assert!(everywhere.allows("[2001:db8::1]") && everywhere.allows("localhost"));
        assert!(!everywhere.allows("rebound.example") && !everywhere.allows("192.0.2.7:81"));
        let bound = Guard::new("192.0.2.7:5000".parse().unwrap());
        assert!(bound.allows("192.0.2.7:5000") && bound.allows("127.0.0.1:5000"));
        assert!(!bound.allows("192.0.2.8:5000") && !bound.allows("[::1]:+5000"));
    }
}
