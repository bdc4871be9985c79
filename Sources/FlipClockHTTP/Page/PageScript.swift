/// The control page's script, first part: the token (asked once, kept in localStorage, taken
/// from `#token=…`), the calls to the API with it, the event stream read with `fetch` (an
/// `EventSource` cannot send the token) and reconnected with a back-off, and the live face
/// fetched as a blob when the screens rest on a new picture.
enum PageScript {
    static let js = #"""
        const kept = "flipclock-token";
        let token = null;
        let generation = 0;

        // The token from the address's fragment (flipclockctl pair's code), then kept; the
        // fragment leaves the address bar at once.
        function takeToken() {
          const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
          if (match) {
            try { localStorage.setItem(kept, decodeURIComponent(match[1])); } catch (e) {}
            history.replaceState(null, "", location.pathname + location.search);
          }
          try { token = localStorage.getItem(kept); } catch (e) { token = null; }
        }

        // Ends the stream being read, if any, at once rather than at its next event.
        let stopStream = () => {};

        function askToken(reason) {
          generation += 1;
          stopStream();
          token = null;
          $("panel").hidden = true;
          $("login").hidden = false;
          $("login-reason").textContent = reason || "";
          live(false);
          $("link").textContent = "signed out";
        }

        function signedIn() {
          $("login").hidden = true;
          $("panel").hidden = false;
          listen();
          watchMatch();
        }

        function live(on) {
          $("link").dataset.live = String(on);
          $("link").textContent = on ? "live" : "offline";
        }

        let problemTimer = 0;
        function tell(text) {
          $("problem").textContent = text;
          $("problem").hidden = false;
          clearTimeout(problemTimer);
          problemTimer = setTimeout(() => { $("problem").hidden = true; }, 6000);
        }


        function headers(extra) {
          return Object.assign({ "Authorization": "Bearer " + token, "X-Flipclock-Client": client }, extra || {});
        }

        // One call to the API; a refusal is told in words, a 401 asks for the token again.
        async function call(method, path, body) {
          let response;
          try {
            response = await fetch(path, {
              method, cache: "no-store", headers: headers(body === undefined ? {} : { "Content-Type": "application/json" }),
              body: body === undefined ? undefined : JSON.stringify(body),
            });
          } catch (e) {
            tell("The clock cannot be reached.");
            return null;
          }
          if (response.status === 401) { askToken(await reason(response)); return null; }
          if (!response.ok) { tell(await reason(response)); return null; }
          return response.json();
        }

        // The live face: the snapshot fetched with the token, shown as a blob; one fetch at a
        // time, and one more if a newer picture was announced meanwhile.
        let faceFetching = false;
        let faceWanted = null;
        async function refreshFace(frame) {
          faceWanted = frame;
          if (faceFetching) return;
          faceFetching = true;
          while (faceWanted !== null) {
            const wanted = faceWanted;
            faceWanted = null;
            try {
              const response = await fetch("/v1/snapshot.png", { cache: "no-store", headers: headers() });
              if (response.status === 401) { askToken(await reason(response)); break; }
              if (!response.ok) continue;
              const url = URL.createObjectURL(await response.blob());
              const face = $("face");
              const old = face.src;
              face.src = url;
              const tag = /-(\d+)"$/.exec(response.headers.get("ETag") || "");
              face.dataset.frame = tag ? tag[1] : String(wanted);
              if (old.startsWith("blob:")) URL.revokeObjectURL(old);
            } catch (e) {}
          }
          faceFetching = false;
        }

        // One event of the stream: the state, or the screens resting on a new picture.
        function event({ name, value }) {
          if (name === "state") { show(value); changesSeen(value); }
          else if (name === "shown") refreshFace(value.frame);
        }

        // Reads /v1/events for as long as the page is signed in; a dropped stream is opened
        // again after 0.5 s, doubled on each failure up to 15 s.
        async function listen() {
          const mine = ++generation;
          stopStream();
          let wait = 500;
          while (mine === generation) {
            const abort = new AbortController();
            stopStream = () => abort.abort();
            try {
              const response = await fetch("/v1/events", { cache: "no-store", headers: headers(), signal: abort.signal });
              if (mine !== generation) return;
              if (response.status === 401) { askToken(await reason(response)); return; }
              if (!response.ok) throw new Error(await reason(response));
              live(true);
              wait = 500;
              refreshFace(0);
              await readEvents(response, event, () => mine === generation);
            } catch (e) {}
            if (mine !== generation) return;
            live(false);
            await sleep(wait);
            wait = Math.min(wait * 2, 15000);
          }
        }

        """#
}
