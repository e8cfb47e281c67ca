"""deploy/nginx.conf, read without running nginx (tests/servers/test_stack.py
runs it): the lines the stack changes are exactly its marked ones, and its
log hides the secret in the address of every route that carries one."""

from __future__ import annotations

import re
from pathlib import Path

from bench.proxy import SITE, Site, marked, site_config
from scorekeeper import create_app

#: The example values an admin replaces, none of which a stack may keep.
EXAMPLES = ("/etc/letsencrypt", "/var/cache/nginx", "/srv/scorekeeper", "/var/log/nginx",
            "127.0.0.1:8000", "127.0.0.1:8001", "listen 80;", "listen 443")


def stack_site(**changes: object) -> str:
    site = Site(Path("/tmp/stack"), 9443, 9080, ("127.0.0.1:7001", "127.0.0.1:7002",
                                                   "127.0.0.1:7003"))
    return site_config(Site(**{**site.__dict__, **changes}))


def test_a_stack_changes_only_the_marked_lines_of_the_recipe() -> None:
    recipe, made = SITE.read_text().splitlines(), stack_site().splitlines()
    assert [line for line in made if not marked(line)] == \
        [line for line in recipe if not marked(line)]
    text = "\n".join(made)
    assert not [example for example in EXAMPLES if example in text]
    assert [line.split()[1] for line in made if line.lstrip().startswith("server 1")] == \
        ["127.0.0.1:7001", "127.0.0.1:7002", "127.0.0.1:7003"]
    assert "listen 127.0.0.1:9443 ssl" in text and "/tmp/stack/cert.pem;" in text


def test_a_server_taken_out_is_marked_down_and_the_cache_can_be_turned_off() -> None:
    made = stack_site(down=frozenset({1}), cache=False)
    assert "server 127.0.0.1:7002 down " in made and "server 127.0.0.1:7001 down" not in made
    assert re.search(r"^\s*proxy_cache off;", made, re.M)
    assert re.search(r"^\s*proxy_cache scorekeeper_pages;", stack_site(), re.M)


def logged_uri(uri: str) -> str:
    """What the recipe's ``map`` writes to the log for ``uri`` (its regex,
    PCRE's named groups spelled as Python's)."""
    rule = re.search(r'"~(\^.*?)"\s+"(.*?)";', SITE.read_text())
    assert rule is not None
    pattern = re.compile(rule.group(1).replace("(?<", "(?P<"))
    found = pattern.match(uri)
    if found is None:
        return uri
    return re.sub(r"\$\{(\w+)\}", lambda m: found.group(m.group(1)), rule.group(2))


def test_the_log_hides_the_secret_of_every_route_that_carries_one() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    secret = "S3cr3t-t0ken-0f-22-chars"
    secret_routes = [rule for rule in app.url_map.iter_rules()
                     if {"token", "code"} & set(rule.arguments)]
    assert len(secret_routes) >= 10
    for rule in secret_routes:
        values = {arg: secret if arg in ("token", "code") else "1" for arg in rule.arguments}
        uri = app.url_map.bind("localhost").build(rule.endpoint, values) + "?big=1"
        logged = logged_uri(uri)
        assert secret not in logged and logged.endswith("?big=1"), (rule.rule, logged)
