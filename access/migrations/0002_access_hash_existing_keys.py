"""Existing DRF authtoken keys keep working, now stored only as their SHA-256 digest; the clear keys are
deleted from ``authtoken_token`` so that no dump taken after this migration holds a usable one."""

import hashlib

from django.db import migrations


def hash_keys(apps, schema_editor):
    Token = apps.get_model("authtoken", "Token")
    ApiToken = apps.get_model("access", "ApiToken")
    for token in Token.objects.all().iterator():
        ApiToken.objects.update_or_create(
            user_id=token.user_id,
            defaults={
                "key_digest": hashlib.sha256(token.key.encode("utf-8")).hexdigest(),
                "prefix": token.key[:8],
                "created_at": token.created,
            },
        )
    Token.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("access", "0001_access_hashed_tokens"),
        ("authtoken", "0004_alter_tokenproxy_options"),
    ]

    operations = [migrations.RunPython(hash_keys, migrations.RunPython.noop)]
