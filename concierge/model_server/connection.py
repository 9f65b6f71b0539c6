"""Asking a model server what it offers, for the settings' Refresh models and Test connection.
Failures are worded by `describe_openai_error`, as the chat's are; the slow-to-import SDK is
imported only when a check runs.
"""

from __future__ import annotations

from concierge.agent.openai_errors import describe_openai_error, v1_hint
from concierge.text import QT_TRANSLATE_NOOP

from .address import base_url_problem, normalize_base_url
from .errors import ConnectionCheckError
from .profile import ModelProfile

CHECK_TIMEOUT = 5.0
"""Seconds a connection check waits for the server: a local server answers at once."""


async def list_models(
    base_url: str,
    api_key: str | None,
    # ASYNC109: the timeout bounds each request of the SDK client, not this coroutine.
    timeout: float = CHECK_TIMEOUT,  # noqa: ASYNC109
) -> list[str]:
    """The model ids the server lists at GET {base_url}/models, sorted; any failure raises
    `ConnectionCheckError` with a readable message."""
    base_url = normalize_base_url(base_url)
    if (problem := base_url_problem(base_url)) is not None:
        raise ConnectionCheckError(problem)
    import openai

    from concierge.agent.openai_client import auth_headers, model_client

    client = model_client(base_url, api_key, max_retries=0, timeout=timeout)
    try:
        ids = {
            str(model.id) async for model in client.models.list(extra_headers=auth_headers(client))
        }
    except openai.APIError as error:
        status = error.status_code if isinstance(error, openai.APIStatusError) else None
        message = describe_openai_error(error, base_url, timeout=timeout)
        raise ConnectionCheckError(message, status_code=status) from error
    except (AttributeError, TypeError, ValueError) as error:  # A 200 that is not a list.
        raise ConnectionCheckError(
            QT_TRANSLATE_NOOP(
                "ModelServer", "{url} answered, but not with a list of models.{hint}"
            ).format(url=base_url, hint=v1_hint(base_url))
        ) from error
    finally:
        await client.close()
    return sorted(ids)


async def check_connection(profile: ModelProfile) -> str:
    """Ask the server for its models and say whether the chosen one is among them."""
    if profile.preset_info.key_required and not profile.api_key:
        raise ConnectionCheckError(
            QT_TRANSLATE_NOOP("ModelServer", "{server} needs an API key.").format(
                server=profile.preset_info.label
            )
        )
    models = await list_models(profile.base_url, profile.client_api_key)
    if len(models) == 1:
        count: str = QT_TRANSLATE_NOOP("ModelServer", "1 model")
    else:
        count = QT_TRANSLATE_NOOP("ModelServer", "{n} models").format(n=len(models))
    if not models:
        return QT_TRANSLATE_NOOP(
            "ModelServer",
            "Connected, but the server lists no models. Load or pull one, then try again.",
        )
    if not profile.model:
        return QT_TRANSLATE_NOOP("ModelServer", "Connected. {count} available; choose one.").format(
            count=count
        )
    if profile.model in models:
        return QT_TRANSLATE_NOOP(
            "ModelServer", "Connected. {count} available; {model} is one of them."
        ).format(count=count, model=profile.model)
    return QT_TRANSLATE_NOOP(
        "ModelServer",
        "Connected, but {model} is not among the {count} the server lists. "
        "Check the name, or use Refresh models to pick one.",
    ).format(model=profile.model, count=count)
