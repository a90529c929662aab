"""The page at `/` of `latweave serve`, in a real headless browser (Debian's chromium and its
chromedriver, driven by selenium; nothing downloads a browser): a plan typed with completion of a
dimension and a value, run on the zoo; a proof opened down to an evidence sentence whose text is the
result JSON's; an abstention's reason and witness; the next page of a large answer set; the download is the bytes the server sent; a
screenshot of each in the test's tmp_path. And a lattice whose names are HTML (`<img src=x
onerror=alert(1)>`) shows them as text, through a server that needs a token the page sends.

The server is a real uvicorn on 127.0.0.1 (tests/support/serving.py), stopped when the test ends;
every wait in the browser is bounded. Without chromium, chromedriver or selenium the tests skip,
saying which is missing."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("mcp")
httpx = pytest.importorskip("httpx")
pytest.importorskip("selenium", reason="selenium is not installed (pip install -e '.[test]')")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import NoAlertPresentException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from latweave.serve.config import Limits, ServeConfig  # noqa: E402
from tests.support.serving import running  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER),
    reason=f"no {'chromium' if not CHROMIUM else 'chromedriver'} on PATH: apt-get install chromium chromium-driver "
           "(.ci/run does where it can)")

#: The longest a step in the browser may take before the test fails.
WAIT_S = 20
TOKEN = "a-page-test-token-of-enough-length"
HOSTILE = "<img src=x onerror=alert(1)>"
HOSTILE_INSTANCE = "<b>Bold</b>"
HOSTILE_SENTENCE = "<script>alert(2)</script> said so"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium.webdriver.chrome.service import Service

    # everything the browser writes (its profile, the singleton socket's folder it makes under
    # $TMPDIR and leaves behind) under the test's own temporary folder, not /tmp
    home = tmp_path_factory.mktemp("chromium")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1200,1400",
                "--no-first-run", "--disable-extensions", "--disable-background-networking",
                f"--user-data-dir={home / 'profile'}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER, env={**os.environ, "TMPDIR": str(home)}), options=options)
    driver.set_page_load_timeout(WAIT_S)
    driver.set_script_timeout(WAIT_S)
    try:
        yield driver
    finally:
        driver.quit()


def labels(driver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#completions li .label")]


def open_page(driver, url):
    driver.get(url + "/")
    WebDriverWait(driver, WAIT_S).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))


def run_plan(driver, plan: str | None = None):
    """Run the plan box's plan (after typing `plan` into an emptied box, when given); wait for the output."""
    area = driver.find_element(By.ID, "plan")
    if plan is not None:
        area.clear()
        area.send_keys(plan)
    driver.execute_script("document.getElementById('output').replaceChildren()")
    driver.find_element(By.ID, "run").click()
    WebDriverWait(driver, WAIT_S).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#output .status"))


def open_to_first_evidence(driver):
    """Click closed proof nodes, first shown first, until an evidence sentence is on screen."""
    for _ in range(100):
        shown = [e for e in driver.find_elements(By.CSS_SELECTOR, ".evidence .sentence") if e.is_displayed()]
        if shown:
            return shown[0]
        closed = [s for s in driver.find_elements(By.CSS_SELECTOR, ".proof summary")
                  if s.is_displayed() and s.find_element(By.XPATH, "..").get_attribute("open") is None]
        assert closed, "the proof has no evidence sentence to open"
        closed[0].click()
    raise AssertionError("no evidence sentence after 100 clicks")


def evidence_in_order(node) -> list[str]:
    """The proof's evidence sentences, depth first (the order the page draws them in)."""
    found = [node["evidence"]["source_text"]] if "evidence" in node else []
    for child in node.get("children", []):
        found += evidence_in_order(child)
    return found


def downloaded(driver) -> str:
    """The text of the page's download link (a blob: URL), read back in the page."""
    link = driver.find_element(By.ID, "download")
    assert link.is_displayed() and link.get_attribute("download") == "result.json"
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(document.getElementById('download').href).then(r => r.text()).then(done, e => done(String(e)))")


@pytest.mark.slow   # a browser, two servers' worth of requests, three screenshots: about 5 s
def test_a_plan_typed_with_completion_runs_and_opens_to_its_evidence(browser, zoo_lattice, tmp_path):
    with running(ServeConfig({"zoo": zoo_lattice}, limits=Limits(page=4)).checked()) as url:
        open_page(browser, url)
        wait = WebDriverWait(browser, WAIT_S)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#lattice option"))
        area = browser.find_element(By.ID, "plan")
        area.send_keys("meet(spe")
        wait.until(lambda d: labels(d) == ["species"])              # a dimension, from /dimensions
        browser.find_element(By.CSS_SELECTOR, "#completions li").click()
        area.send_keys(" <= mam")
        wait.until(lambda d: labels(d) == ["mammal"])               # a value, from /values?prefix=
        area.send_keys(Keys.TAB)
        area.send_keys(", habitat <= aquatic)")
        plan = "meet(species <= mammal, habitat <= aquatic)"
        assert area.get_attribute("value") == plan

        run_plan(browser)
        answer = httpx.post(url + "/lattices/zoo/run", json={"plan": plan}, timeout=60)
        result = answer.json()
        assert [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".answers li")] == result["answers"] == ["Whale"]
        sentence = open_to_first_evidence(browser)
        assert sentence.text == evidence_in_order(result["proof"]["trees"][0])[0] == "The blue whale is a marine mammal."
        assert downloaded(browser).encode("utf-8") == answer.content
        browser.save_screenshot(str(tmp_path / "page-proof.png"))

        run_plan(browser, "meet(species <= whale, habitat <= terrestrial)")   # an abstention
        result = httpx.post(url + "/lattices/zoo/run", json={"plan": "meet(species <= whale, habitat <= terrestrial)"},
                            timeout=60).json()
        assert result["status"] == "abstain"
        assert browser.find_element(By.CSS_SELECTOR, "#output .reason").text == ", ".join(result["reasons"]) == "empty"
        witness = browser.find_element(By.CSS_SELECTOR, "#output .witness").text
        assert json.loads(witness) == result["witness"]
        browser.save_screenshot(str(tmp_path / "page-abstain.png"))

        run_plan(browser, "meet(species <= animal)")                # 9 answers, pages of 4
        for offset in (0, 4):
            page = httpx.post(url + "/lattices/zoo/run", json={"plan": "meet(species <= animal)", "offset": offset},
                              timeout=60).json()
            wait.until(lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, ".answers li")] == page["answers"])
            assert browser.find_element(By.CSS_SELECTOR, "#output .page").text.startswith(f"answers {offset + 1}–")
            if offset == 0:
                browser.find_element(By.XPATH, "//button[text()='next page']").click()

        run_plan(browser, "meet(speces <= mammal)")                 # a plan that does not check
        error = browser.find_element(By.CSS_SELECTOR, "#output .error-box").text
        assert "PlanError" in error and "did you mean 'species'?" in error
    assert (tmp_path / "page-proof.png").stat().st_size > 0


def hostile_lattice(folder: Path) -> Path:
    from latweave.ingest.builds import build_corpus

    corpus = folder / "corpus"
    (corpus / "documents").mkdir(parents=True)
    (corpus / "dimensions.jsonl").write_text('{"dimension": "kind", "kind": "taxonomy", "functional": true}\n')
    (corpus / "facts.jsonl").write_text(json.dumps({"instance": HOSTILE_INSTANCE, "dimension": "kind", "value": HOSTILE,
                                                    "evidence": {"doc": "d1", "source_text": HOSTILE_SENTENCE}}) + "\n")
    (corpus / "hierarchy.tsv").write_text(f"kind\tTOP\t{HOSTILE}\n")
    (corpus / "documents" / "d1.txt").write_text(HOSTILE_SENTENCE + "\n")
    build_corpus(corpus, folder / "lattice")
    return folder / "lattice"


def test_names_that_are_html_show_as_text_through_a_server_with_a_token(browser, tmp_path):
    lattice = hostile_lattice(tmp_path)
    with running(ServeConfig({"evil": lattice}, token=TOKEN).checked()) as url:
        open_page(browser, url)                                     # the page itself needs no token
        wait = WebDriverWait(browser, WAIT_S)
        wait.until(lambda d: "Unauthorized" in d.find_element(By.ID, "output").text)   # the data does
        browser.find_element(By.ID, "token").send_keys(TOKEN)
        browser.find_element(By.CSS_SELECTOR, "#token-form button").click()
        wait.until(lambda d: [o.text for o in d.find_elements(By.CSS_SELECTOR, "#lattice option")] == ["evil"])
        assert browser.execute_script("return sessionStorage.getItem('latweave.token')") == TOKEN

        area = browser.find_element(By.ID, "plan")
        area.send_keys('meet(kind <= "<im')              # a quoted prefix, HTML in it
        wait.until(lambda d: labels(d) == [HOSTILE])
        area.send_keys(Keys.TAB)
        area.send_keys(")")
        assert area.get_attribute("value") == f"meet(kind <= {json.dumps(HOSTILE)})"
        run_plan(browser)
        assert [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".answers li")] == [HOSTILE_INSTANCE]
        for details in browser.find_elements(By.CSS_SELECTOR, ".proof details"):
            browser.execute_script("arguments[0].open = true", details)
        assert browser.find_element(By.CSS_SELECTOR, ".evidence .sentence").text == HOSTILE_SENTENCE
        assert HOSTILE in browser.find_element(By.CSS_SELECTOR, ".proof").text
        # nothing of the lattice became markup, and no script ran
        assert browser.execute_script("return document.querySelectorAll('main img, main b, main script, "
                                      "header img, header b, header script').length") == 0
        with pytest.raises(NoAlertPresentException):
            browser.switch_to.alert.text  # noqa: B018
        browser.save_screenshot(str(tmp_path / "page-hostile.png"))
        browser.execute_script("sessionStorage.clear()")
