"""Prints, a line each, the Python requirements of what the test's Home Assistant sets up: the
integrations it always sets up (homeassistant.bootstrap's core, logging and default sets), those
configuration.yaml names (http, api, logger) and mqtt, with their dependencies, read from the
installed integrations' manifest.json; and the default sign-in's second factor (totp). Run with the venv's python after homeassistant is
installed; Tests/System/HomeAssistant/run installs them with HA's package_constraints.txt, so
Home Assistant finds them all and installs nothing at start."""
import json
import os

from homeassistant import bootstrap, components
from homeassistant.auth.mfa_modules import totp

CONFIGURED = {"http", "api", "logger", "mqtt"}
# bootstrap's sets of what it always sets up (2024.3 has LOGGING_INTEGRATIONS, 2025.4 LOGGING_AND_HTTP_DEPS_INTEGRATIONS).
ALWAYS = ("CORE_INTEGRATIONS", "LOGGING_INTEGRATIONS", "LOGGING_AND_HTTP_DEPS_INTEGRATIONS", "FRONTEND_INTEGRATIONS", "DEFAULT_INTEGRATIONS")


def manifest(domain):
    path = os.path.join(os.path.dirname(components.__file__), domain, "manifest.json")
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return json.load(f)


def main():
    wanted = set(CONFIGURED)
    for name in ALWAYS:
        wanted |= set(getattr(bootstrap, name, ()))
    seen, todo, requirements = set(), sorted(wanted), set(totp.REQUIREMENTS)
    while todo:
        domain = todo.pop()
        if domain in seen:
            continue
        seen.add(domain)
        found = manifest(domain)
        requirements.update(found.get("requirements", []))
        todo.extend(found.get("dependencies", []))
    print("\n".join(sorted(requirements)))


if __name__ == "__main__":
    main()
