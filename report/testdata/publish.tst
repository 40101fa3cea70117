test Publish = ( publish | consume )
