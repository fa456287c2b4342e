"""One TLS server for the module's tests: starting a process and making certificates take a while."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.service.ops.certificates import Certificates, make_certificates
from tests.service.ops.serving import Served, serving_tls


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    return make_certificates(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, certificates: Certificates) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("served")
    with serving_tls(folder / "data", certificates, folder / "server.log") as served:
        yield served
